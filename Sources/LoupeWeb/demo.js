// The cross-document view transition demo: two pages (demo-grid.html, demo-detail.html) that play
// Loupe's plan when one navigates to the other.
//
// A cross-document transition captures the new page at its first render, so its stylesheet must be
// there before then: when a card is tapped, the grid page asks Loupe for both stylesheets (the push
// into the detail page, the pop back to this card), keeps them in sessionStorage and navigates; this
// script, loaded classic and in the head of both pages, adopts the one for the page it runs in
// before anything renders. Constructed stylesheets are CSSOM, so the pages' strict
// Content-Security-Policy (style-src 'self') allows them.
"use strict";

(() => {
    const STORAGE_KEY = "loupe-demo-view-transition";
    const NAME = "loupe-zoom";
    const CLASS = "card";
    const page = document.documentElement.dataset.page;

    const saved = (() => {
        try {
            return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
        } catch {
            return null;
        }
    })();

    /** Adopts `css` as a constructed stylesheet, after the page's own. */
    const adopt = (css) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    };

    // The grid names the card the detail page came from, so the pop lands on it; the detail page
    // is named by demo.css. Each page adopts the stylesheet of the transition arriving at it.
    if (saved && Number.isInteger(saved.card)) {
        if (page === "grid") {
            adopt(`#card-${saved.card} { view-transition-name: ${NAME}; view-transition-class: ${CLASS}; }`);
            if (typeof saved.pop === "string") adopt(saved.pop);
        } else if (typeof saved.push === "string") {
            adopt(saved.push);
        }
    }

    /** The plan request for the card at `frame` and the viewport, as a push or a pop. */
    const request = (transition, frame) => ({
        transition,
        container: { width: innerWidth, height: innerHeight, cornerRadius: 0 },
        source: { frame, cornerRadius: 12 },
        destination: { frame: { x: 0, y: 0, width: innerWidth, height: innerHeight } },
        options: { viewTransitionName: NAME, viewTransitionClass: CLASS, viewTransitionNavigation: "cross-document", viewTransitionGroup: "contain" }
    });

    /**
     * POSTs `body` to /v1/plans for a view-transition stylesheet, with the prototype's API key if
     * one was entered in its settings.
     */
    const stylesheet = async (body) => {
        const headers = { "Content-Type": "application/json" };
        try {
            const key = JSON.parse(localStorage.getItem("loupe-prototype-settings") ?? "{}").apiKey;
            if (key) headers.Authorization = `Bearer ${key}`;
        } catch {
            // No settings: no key.
        }
        const response = await fetch("/v1/plans?format=view-transition", { method: "POST", headers, body: JSON.stringify(body) });
        if (!response.ok) throw new Error(`POST /v1/plans answered ${response.status}`);
        return response.text();
    };

    if (page !== "grid") return;
    document.addEventListener("click", async (event) => {
        const card = event.target.closest(".card");
        if (!card || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        const box = card.getBoundingClientRect();
        const frame = { x: box.left, y: box.top, width: box.width, height: box.height };
        const index = Number(card.id.replace("card-", ""));
        const push = request("push", frame), pop = request("pop", frame);
        try {
            const [pushCSS, popCSS] = await Promise.all([stylesheet(push), stylesheet(pop)]);
            sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ card: index, push: pushCSS, pop: popCSS, requests: { push, pop } }));
            card.style.viewTransitionName = NAME;
            card.style.viewTransitionClass = CLASS;
        } catch (error) {
            console.warn("Loupe's stylesheet is unavailable; navigating without it:", error.message);
        }
        location.href = card.href;
    });
})();
