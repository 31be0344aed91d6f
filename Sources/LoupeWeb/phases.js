// The page's phases, as a table (issue 46 §6), and who drives the page in each.
//
// The page is in one phase at a time (body[data-phase], also read by the browser test in
// Tests/browser). Each phase lists the phases it may move to; `move` makes one move and refuses
// any other, so a flow that lost the page cannot quietly put it somewhere it cannot be.
//
// Work that spans `await`s (an opening played, a settle asked of Loupe and played) holds a
// `Flow`. A flow that takes the page over (a finger grabbing a moving card) starts a new flow,
// which cancels the one before: the earlier work reads `flow.cancelled` after each `await` and
// stops, instead of guessing from the phase whether something else took over.

/**
 * Each phase and the phases it may move to.
 *
 * - grid: the covered page, nothing open. A tap opens a picture.
 * - opening: a push or present playing (POST /v1/plans). It rests (detail), a finger grabs the
 *   moving card (tracking), or Loupe could not be asked (grid).
 * - detail: the detail view at rest. A finger holds the card (tracking), a gesture that never
 *   tracked is sent as it is (settling), Done or Escape closes it (closing).
 * - tracking: a finger holds the card and the page follows it. At the lift Loupe is asked
 *   (settling).
 * - settling: POST /v1/timelines asked with the gesture and its keyframes after the release
 *   played: back on the grid (finish) or at rest (cancel, or Loupe not reachable).
 * - closing: a pop or dismiss playing. It ends on the grid, a finger grabs the moving card
 *   (tracking), or Loupe could not be asked (detail).
 * @type {Readonly<Record<string, readonly string[]>>}
 */
export const PHASES = Object.freeze({
    grid: Object.freeze(["opening"]),
    opening: Object.freeze(["detail", "tracking", "grid"]),
    detail: Object.freeze(["tracking", "settling", "closing"]),
    tracking: Object.freeze(["settling"]),
    settling: Object.freeze(["detail", "grid"]),
    closing: Object.freeze(["grid", "tracking", "detail"]),
});

/** The phase the page starts in. */
export const INITIAL_PHASE = "grid";

/** A move the table does not list: a bug in the page, not something a person can cause. */
export class PhaseError extends Error {
    /**
     * @param {string} from the phase the page is in
     * @param {string} to the phase asked for
     */
    constructor(from, to) {
        super(`no move from phase ${JSON.stringify(from)} to ${JSON.stringify(to)} (phases.js lists ${JSON.stringify(PHASES[from] ?? [])})`);
        this.from = from;
        this.to = to;
    }
}

/**
 * Whether the table lets the page move from `from` to `to`.
 * @param {string} from
 * @param {string} to
 * @returns {boolean}
 */
export function canMove(from, to) {
    return PHASES[from]?.includes(to) ?? false;
}

/**
 * One piece of work that drives the page across `await`s. It is cancelled when a later flow
 * starts (`Phases.startFlow`): after each `await` the work checks `cancelled` and stops.
 */
export class Flow {
    /**
     * @param {() => boolean} isCurrent whether this flow still drives the page
     * @param {number} generation the flow's number, counted from 1 (for debugging)
     */
    constructor(isCurrent, generation) {
        this.isCurrent = isCurrent;
        this.generation = generation;
    }

    /** @returns {boolean} whether a later flow has taken the page over */
    get cancelled() {
        return !this.isCurrent();
    }
}

/**
 * The page's phase and its flows. `onMove(phase)` runs after every move (the page shows the
 * phase on body[data-phase]).
 * @param {(phase: string) => void} [onMove]
 */
export function createPhases(onMove = () => {}) {
    let phase = INITIAL_PHASE;
    let generation = 0;
    return {
        /** @returns {string} the phase the page is in */
        get phase() {
            return phase;
        },

        /**
         * Moves to `to`, which the table must list for the phase the page is in; throws a
         * PhaseError (and changes nothing) otherwise.
         * @param {string} to
         */
        move(to) {
            if (!canMove(phase, to)) throw new PhaseError(phase, to);
            phase = to;
            onMove(phase);
        },

        /**
         * Starts a flow, cancelling the one running (if any).
         * @returns {Flow}
         */
        startFlow() {
            generation += 1;
            const mine = generation;
            return new Flow(() => generation === mine, mine);
        },

        /** Cancels the running flow without starting another (nothing drives the page). */
        cancelFlow() {
            generation += 1;
        },
    };
}
