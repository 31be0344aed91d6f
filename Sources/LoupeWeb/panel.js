// The plan panel: what Loupe answered for the last transition, in pictures and words. The
// pictures are Loupe's own SVG renderings (the plan's filmstrip and progress curve, the lifecycle
// swimlanes), shown as images from blob: URLs so the page's CSP needs no inline content.

/**
 * The panel's controls over `root`, which holds the [data-panel] heading, facts, warnings, plan
 * and lifecycle figures.
 * @param {HTMLElement} root
 */
export function createPanel(root) {
    const heading = root.querySelector("[data-panel=heading]");
    const facts = root.querySelector("[data-panel=facts]");
    const warnings = root.querySelector("[data-panel=warnings]");
    const images = { plan: root.querySelector("[data-panel=plan]"), lifecycle: root.querySelector("[data-panel=lifecycle]") };
    const urls = {};

    return {
        /** A new transition: its title and the facts known so far; the rest follows as it arrives. */
        begin(title, lines = []) {
            heading.textContent = title;
            this.facts(lines);
            warnings.replaceChildren(item("Waiting for Loupe…"));
            for (const name of Object.keys(images)) this.image(name, null);
        },

        facts(lines) {
            facts.replaceChildren(...lines.map((line) => item(line)));
        },

        /** Loupe's warnings, each with its code and the request field it is about. */
        warnings(list) {
            if (list.length === 0) {
                warnings.replaceChildren(item("No warnings: Loupe had nothing to say about this request."));
                return;
            }
            warnings.replaceChildren(...list.map((warning) => {
                const entry = item("");
                const code = document.createElement("code");
                code.textContent = warning.code;
                entry.append(code, ` ${warning.message} `);
                if (warning.pointer) {
                    const pointer = document.createElement("span");
                    pointer.className = "pointer";
                    pointer.textContent = `(${warning.pointer})`;
                    entry.append(pointer);
                }
                return entry;
            }));
        },

        /** Shows an SVG answer in one of the figures, or clears it. */
        image(name, svgText) {
            const figure = images[name];
            const image = figure.querySelector("img");
            const link = figure.querySelector("a");
            if (urls[name]) URL.revokeObjectURL(urls[name]);
            urls[name] = null;
            figure.hidden = !svgText;
            if (!svgText) {
                image.removeAttribute("src");
                link.removeAttribute("href");
                return;
            }
            urls[name] = URL.createObjectURL(new Blob([svgText], { type: "image/svg+xml" }));
            image.src = urls[name];
            link.href = urls[name]; // full size in a new tab
        },
    };
}

function item(text) {
    const element = document.createElement("li");
    element.textContent = text;
    return element;
}
