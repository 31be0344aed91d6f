// The address demo (demo-address.html): its stylesheet and picture come from Loupe by <link> and
// <img> at the plan's GET address; this script only opens and closes the page in a same-document
// view transition, which the linked stylesheet animates. The address in the markup is the plan
// for a 393 × 852 viewport; where the window is another size the script swaps in the address of
// the same request sized to it (an address holds its request: `1.` and the base64url of a zlib
// stream of the JSON, which the browser's CompressionStream("deflate") writes), so the page zooms
// from the thumbnail to the whole window rather than to a phone-sized box. It asks Loupe
// nothing: the link and the image load the new address as they loaded the old.
"use strict";

(() => {
    const toggle = (open) => {
        const update = () => document.body.classList.toggle("open", open);
        if (document.startViewTransition) {
            document.startViewTransition(update);
        } else {
            update();
        }
    };
    document.getElementById("thumb").addEventListener("click", () => toggle(true));
    document.getElementById("close").addEventListener("click", () => toggle(false));

    /** The address of `body` under /v1/plans, as Loupe's Content-Location would name it. */
    async function address(body) {
        const stream = new Blob([JSON.stringify(body)]).stream().pipeThrough(new CompressionStream("deflate"));
        const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
        let binary = "";
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return "/v1/plans/1." + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    }

    const width = Math.round(window.innerWidth), height = Math.round(window.innerHeight);
    if ((width === 393 && height === 852) || typeof CompressionStream === "undefined") return;
    const thumb = document.getElementById("thumb").getBoundingClientRect();
    const body = {
        transition: "push",
        container: { width, height, cornerRadius: 0 },
        source: { frame: { x: Math.round(thumb.x), y: Math.round(thumb.y), width: Math.round(thumb.width), height: Math.round(thumb.height) }, cornerRadius: 8 },
        destination: { frame: { x: 0, y: 0, width, height } },
    };
    address(body).then((path) => {
        document.getElementById("plan-stylesheet").href = path + "?format=view-transition";
        document.getElementById("filmstrip").src = path + "?format=svg";
    });
})();
