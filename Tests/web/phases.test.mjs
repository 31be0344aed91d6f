// phases.js: the page's table of phases and moves, and its flows (issue 46 §6).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { page } from "./page.mjs";

const { PHASES, INITIAL_PHASE, PhaseError, canMove, createPhases } = await page("phases.js");

describe("the phase table", () => {
    test("lists the phases the browser test and the stylesheet know, each moving only to listed phases", () => {
        assert.deepEqual(Object.keys(PHASES).sort(), ["closing", "detail", "grid", "opening", "settling", "tracking"]);
        for (const [from, targets] of Object.entries(PHASES)) {
            assert.ok(targets.length > 0, `${from} leads nowhere`);
            for (const to of targets) assert.ok(to in PHASES, `${from} → ${to}: no such phase`);
            assert.ok(!targets.includes(from), `${from} moves to itself`);
        }
    });

    test("every phase is reached from the grid, and every phase gets back to it", () => {
        const reached = new Set([INITIAL_PHASE]);
        for (let changed = true; changed;) {
            changed = false;
            for (const from of [...reached]) for (const to of PHASES[from]) if (!reached.has(to)) { reached.add(to); changed = true; }
        }
        assert.deepEqual([...reached].sort(), Object.keys(PHASES).sort());
        for (const from of Object.keys(PHASES)) {
            const seen = new Set([from]);
            const queue = [from];
            while (queue.length) for (const to of PHASES[queue.shift()]) if (!seen.has(to)) { seen.add(to); queue.push(to); }
            assert.ok(seen.has("grid"), `${from} never gets back to the grid`);
        }
    });

    test("the moves the page makes", () => {
        assert.ok(canMove("grid", "opening"));
        assert.ok(canMove("opening", "tracking"), "a finger grabs the opening card");
        assert.ok(canMove("closing", "tracking"), "a finger grabs the closing card");
        assert.ok(canMove("tracking", "settling"));
        assert.ok(canMove("settling", "grid") && canMove("settling", "detail"));
        assert.ok(!canMove("grid", "closing"), "nothing is open to close");
        assert.ok(!canMove("settling", "tracking"), "a settle is not grabbed");
        assert.ok(!canMove("nowhere", "grid"));
    });

    test("is frozen", () => {
        assert.throws(() => { PHASES.grid.push("detail"); }, TypeError);
        assert.throws(() => { PHASES.extra = []; }, TypeError); // modules are strict
    });
});

describe("createPhases", () => {
    test("starts on the grid, moves as the table allows and reports each move", () => {
        const seen = [];
        const phases = createPhases((phase) => seen.push(phase));
        assert.equal(phases.phase, "grid");
        for (const phase of ["opening", "detail", "tracking", "settling", "detail", "closing", "grid"]) phases.move(phase);
        assert.deepEqual(seen, ["opening", "detail", "tracking", "settling", "detail", "closing", "grid"]);
        assert.equal(phases.phase, "grid");
    });

    test("refuses a move the table does not list, and stays where it was", () => {
        const seen = [];
        const phases = createPhases((phase) => seen.push(phase));
        phases.move("opening");
        assert.throws(() => phases.move("closing"), (error) => error instanceof PhaseError
            && error.from === "opening" && error.to === "closing" && /"opening" to "closing"/.test(error.message));
        assert.equal(phases.phase, "opening");
        assert.deepEqual(seen, ["opening"]);
    });

    test("a new flow cancels the one running; cancelFlow cancels without starting one", () => {
        const phases = createPhases();
        const opening = phases.startFlow();
        assert.equal(opening.cancelled, false);
        const grab = phases.startFlow();
        assert.equal(opening.cancelled, true, "the grab took the page over");
        assert.equal(grab.cancelled, false);
        assert.ok(grab.generation > opening.generation);
        phases.cancelFlow();
        assert.equal(grab.cancelled, true);
    });

    test("an awaiting flow sees a later one take over", async () => {
        const phases = createPhases();
        const steps = [];
        const opening = (async () => {
            const flow = phases.startFlow();
            await new Promise((resolve) => setTimeout(resolve, 5));
            if (flow.cancelled) return steps.push("the opening stops");
            steps.push("the opening rests");
        })();
        phases.cancelFlow(); // a finger grabbed the card meanwhile
        await opening;
        assert.deepEqual(steps, ["the opening stops"]);
    });
});
