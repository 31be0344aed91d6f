// A module hook for Node (module.register, Node 18.19 and later): the page's scripts in
// Sources/LoupeWeb are ES modules, which the browser loads with <script type="module">; Node reads
// a `.js` file as CommonJS unless a package.json beside it says "module", and that folder holds
// only what Loupe serves. So this hook tells Node what the browser already knows.

const PAGE = new URL("../../Sources/LoupeWeb/", import.meta.url).href;

/**
 * Loads the page's `.js` files as ES modules; everything else as Node would.
 * @param {string} url
 * @param {object} context
 * @param {(url: string, context?: object) => Promise<object>} nextLoad
 */
export async function load(url, context, nextLoad) {
    if (url.startsWith(PAGE) && url.endsWith(".js")) return nextLoad(url, { ...context, format: "module" });
    return nextLoad(url, context);
}
