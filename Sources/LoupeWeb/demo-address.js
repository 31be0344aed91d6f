// The address demo (demo-address.html): its stylesheet and picture come from Loupe by <link> and
// <img> at the plan's GET address; this script only opens and closes the page in a same-document
// view transition, which the linked stylesheet animates.
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
})();
