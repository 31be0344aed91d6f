// The page's modules for the tests: `await page("layers.js")` imports Sources/LoupeWeb/layers.js
// as the browser does (an ES module; hooks.mjs), with nothing of the DOM needed to import it.

import { register } from "node:module";

register("./hooks.mjs", import.meta.url);

/**
 * The page's module `name` (a file in Sources/LoupeWeb).
 * @param {string} name
 * @returns {Promise<any>}
 */
export function page(name) {
    return import(new URL(`../../Sources/LoupeWeb/${name}`, import.meta.url));
}
