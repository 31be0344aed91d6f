// api.js: requests to the Loupe that served the page (fetch stubbed here), and its problems as
// errors the page can show.

import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { page } from "./page.mjs";

const { LoupeError, post } = await page("api.js");

const realFetch = globalThis.fetch;
afterEach(() => { globalThis.fetch = realFetch; });

/** Answers every fetch with `status` and `body` (JSON unless a string), recording the requests. */
function answer(status, body) {
    const sent = [];
    globalThis.fetch = async (url, init) => {
        sent.push({ url, ...init });
        const text = typeof body === "string" ? body : JSON.stringify(body);
        return new Response(text, { status, headers: { "Content-Type": typeof body === "string" ? "image/svg+xml" : "application/json" } });
    };
    return sent;
}

describe("post", () => {
    test("POSTs the body as JSON in the format asked, with the API key as a bearer token", async () => {
        const sent = answer(200, { effect: "zoom" });
        assert.deepEqual(await post("/v1/plans", "json", { transition: "push" }, "k3y"), { effect: "zoom" });
        assert.equal(sent[0].url, "/v1/plans?format=json");
        assert.equal(sent[0].method, "POST");
        assert.equal(sent[0].body, '{"transition":"push"}');
        assert.deepEqual(sent[0].headers, { "Content-Type": "application/json", Authorization: "Bearer k3y" });
        await post("/v1/plans", "json", {}, "");
        assert.equal(sent[1].headers.Authorization, undefined, "no key, no header");
    });

    test("SVG, CSS and view-transition answers come back as text", async () => {
        answer(200, "<svg/>");
        assert.equal(await post("/v1/plans", "svg", {}), "<svg/>");
        assert.equal(await post("/v1/plans", "view-transition", {}), "<svg/>");
    });

    test("a problem becomes a LoupeError naming every invalid field", async () => {
        answer(422, { title: "The request has invalid fields", detail: "1 field is invalid", errors: [{ pointer: "/source/frame/width", detail: "must be positive" }] });
        await assert.rejects(post("/v1/plans", "json", {}), (error) => error instanceof LoupeError
            && error.message === "The request has invalid fields\n1 field is invalid\n/source/frame/width: must be positive"
            && error.problem.errors.length === 1);
    });

    test("a 401 says where the key goes; an answer that is not JSON still says its status", async () => {
        answer(401, { title: "Unauthorized" });
        await assert.rejects(post("/v1/plans", "json", {}), /enter one in Settings/);
        globalThis.fetch = async () => new Response("<html>bad gateway</html>", { status: 502 });
        await assert.rejects(post("/v1/plans", "json", {}), (error) => error.message === "HTTP 502");
    });

    test("a network failure is 'Loupe is not reachable'", async () => {
        globalThis.fetch = async () => { throw new TypeError("Failed to fetch"); };
        await assert.rejects(post("/v1/plans", "json", {}), (error) => error instanceof LoupeError
            && error.message === "Loupe is not reachable\nFailed to fetch");
    });
});
