// pictures.js: the catalogue the grid shows, the same on every run (screenshots and the browser
// test depend on it); its drawing needs the DOM and is the browser test's.

import assert from "node:assert/strict";
import { test } from "node:test";
import { page } from "./page.mjs";

const { makePictures } = await page("pictures.js");

test("the catalogue is the same on every run, the ferry first as a square crop of a 16:9 picture", () => {
    const pictures = makePictures(36);
    assert.deepEqual(makePictures(36), pictures);
    assert.deepEqual(pictures[0], { id: "picture-1", title: "Ferry to Athens", scene: "ferry", aspect: 16 / 9, thumbAspect: 1, radius: 12, seed: 5000 });
    assert.equal(new Set(pictures.map((picture) => picture.id)).size, 36);
    assert.deepEqual(makePictures(5), pictures.slice(0, 5), "a shorter catalogue is the start of a longer one");
    for (const picture of pictures) {
        assert.ok(picture.aspect > 0 && picture.thumbAspect > 0 && picture.radius >= 0, picture.id);
        assert.ok(picture.title.length > 0, picture.id);
    }
});
