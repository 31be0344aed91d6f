// Talking to Loupe: the same origin that served this page, so no CORS and no configuration.

/** A problem+json answer (RFC 9457), or a network failure, as an Error the page can show. */
export class LoupeError extends Error {
    /** @param {{title?: string, detail?: string, errors?: {pointer: string, detail: string}[]}} problem */
    constructor(problem) {
        const fields = (problem.errors ?? []).map((error) => `${error.pointer}: ${error.detail}`);
        super([problem.title, problem.detail, ...fields].filter(Boolean).join("\n"));
        this.problem = problem;
    }
}

/** The formats answered as text rather than JSON. */
const TEXT_FORMATS = new Set(["svg", "css", "view-transition", "junit"]);

/**
 * POSTs `body` as JSON to `path` in `format` ("json", "waapi", "svg", "view-transition"...).
 * Resolves to the parsed JSON, or the text of an SVG or a stylesheet; rejects with a LoupeError.
 * @param {string} path e.g. "/v1/plans"
 * @param {string} format
 * @param {object} body the request, sent as JSON
 * @param {string} [apiKey] sent as a bearer token when set
 * @returns {Promise<any>}
 */
export async function post(path, format, body, apiKey) {
    const headers = { "Content-Type": "application/json" };
    if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
    let response;
    try {
        response = await fetch(`${path}?format=${format}`, { method: "POST", headers, body: JSON.stringify(body) });
    } catch (error) {
        throw new LoupeError({ title: "Loupe is not reachable", detail: String(error.message ?? error) });
    }
    if (!response.ok) {
        const problem = await response.json().catch(() => ({ title: `HTTP ${response.status}` }));
        if (response.status === 401) problem.detail = "This Loupe needs an API key: enter one in Settings.";
        throw new LoupeError(problem);
    }
    return TEXT_FORMATS.has(format) ? response.text() : response.json();
}
