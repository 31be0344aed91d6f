// The settings panel: a plain <form> whose values are kept in localStorage and turned into the
// `animation` and `options` members of Loupe requests.

const STORAGE_KEY = "loupe-prototype-settings";

/**
 * The settings, as the form has them.
 * @typedef {typeof DEFAULTS} Settings
 */

/** Every setting and its value until the form changes it. */
export const DEFAULTS = {
    kind: "navigation", // navigation (push/pop) | presentation (full-screen present/dismiss)
    springForm: "default", // default | preset | response | duration
    preset: "smooth",
    response: 0.35,
    dampingRatio: 0.85,
    duration: 0.5,
    bounce: 0.15,
    frameRate: 60,
    fitMode: "",
    motionPath: "straight",
    backgroundMode: "zoom",
    dimmingVisualEffect: "", // empty: none; else a UIBlurEffect.Style name
    alignmentRect: true,
    slowMotion: false,
    viewTransitions: false, // taps play through document.startViewTransition (where the browser has it)
    reduceMotion: "system", // system | always | never
    ios26: false, // iOS 26's behaviours: platform.version 26, sheets at their detent, the content back swipe
    cornerRadius: "", // empty: automatic (55 on a phone, 0 elsewhere)
    apiKey: "",
};

/**
 * Binds `form` to the stored settings (localStorage), the form's Reset button included.
 * @param {HTMLFormElement} form
 * @param {(settings: Settings) => void} onChange runs after every edit
 * @returns {() => Settings} the settings now
 */
export function bindSettings(form, onChange) {
    let settings = load();
    write(form, settings);
    showSpringFields(form, settings.springForm);
    form.addEventListener("input", () => {
        settings = read(form);
        showSpringFields(form, settings.springForm);
        save(settings);
        onChange(settings);
    });
    form.addEventListener("submit", (event) => event.preventDefault());
    form.querySelector("[data-reset]")?.addEventListener("click", () => {
        settings = { ...DEFAULTS };
        write(form, settings);
        showSpringFields(form, settings.springForm);
        save(settings);
        onChange(settings);
    });
    return () => settings;
}

function load() {
    try {
        return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}") };
    } catch {
        return { ...DEFAULTS };
    }
}

function save(settings) {
    try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
    } catch {
        // Private browsing may refuse storage; the settings still apply to this visit.
    }
}

function write(form, settings) {
    for (const [name, value] of Object.entries(settings)) {
        const field = form.elements.namedItem(name);
        if (!field) continue;
        if (field instanceof RadioNodeList) field.value = String(value);
        else if (field.type === "checkbox") field.checked = Boolean(value);
        else field.value = String(value);
    }
    updateOutputs(form);
}

function read(form) {
    const settings = { ...DEFAULTS };
    for (const name of Object.keys(DEFAULTS)) {
        const field = form.elements.namedItem(name);
        if (!field) continue;
        if (field instanceof RadioNodeList) settings[name] = field.value;
        else if (field.type === "checkbox") settings[name] = field.checked;
        else if (typeof DEFAULTS[name] === "number") settings[name] = Number(field.value);
        else settings[name] = field.value;
    }
    updateOutputs(form);
    return settings;
}

/** Range inputs show their value in the <output> next to them. */
function updateOutputs(form) {
    for (const output of form.querySelectorAll("output[data-for]")) {
        output.value = form.elements.namedItem(output.dataset.for).value;
    }
}

function showSpringFields(form, springForm) {
    for (const group of form.querySelectorAll("[data-spring]")) group.hidden = group.dataset.spring !== springForm;
}

// MARK: - Requests

/**
 * The request's `animation`: the chosen spring and frame rate.
 * @param {Settings} settings
 * @returns {{frameRate: number, spring?: string | object}}
 */
export function animationMember(settings) {
    const animation = { frameRate: settings.frameRate };
    if (settings.springForm === "preset") animation.spring = settings.preset;
    if (settings.springForm === "response") animation.spring = { response: settings.response, dampingRatio: settings.dampingRatio };
    if (settings.springForm === "duration") animation.spring = { duration: settings.duration, bounce: settings.bounce };
    return animation;
}

/**
 * The request's `options`.
 * @param {Settings} settings
 * @returns {{motionPath: string, backgroundMode: string, fitMode?: string, dimmingVisualEffect?: string}}
 */
export function optionsMember(settings) {
    const options = { motionPath: settings.motionPath, backgroundMode: settings.backgroundMode };
    if (settings.fitMode) options.fitMode = settings.fitMode;
    if (settings.dimmingVisualEffect) options.dimmingVisualEffect = settings.dimmingVisualEffect;
    return options;
}

/**
 * The display's corner radius: what the card's corners grow to. The setting when it is a
 * number, else 55 on a phone (a coarse pointer, under 600 px), 0 elsewhere.
 * @param {Settings} settings
 * @returns {number}
 */
export function cornerRadius(settings) {
    if (settings.cornerRadius !== "" && Number.isFinite(Number(settings.cornerRadius))) return Math.max(0, Number(settings.cornerRadius));
    const phone = matchMedia("(pointer: coarse)").matches && Math.min(innerWidth, innerHeight) < 600;
    return phone ? 55 : 0;
}

/**
 * The request's platform: iOS 18 (Loupe's default behaviour), or iOS 26 with the switch on, which
 * keeps a presented sheet at its detent and lets a horizontal swipe anywhere on a pushed page go
 * back (docs/behaviour.md, issue 25).
 * @param {Settings} settings
 * @returns {{os: string, version: string, framework: string}}
 */
export function platformMember(settings) {
    return { os: "iOS", version: settings.ios26 ? "26.0" : "18.0", framework: "UIKit" };
}

/**
 * iOS replaces the zoom with a cross-fade under Reduce Motion: the setting, or the system's
 * `prefers-reduced-motion` when it says "system".
 * @param {Settings} settings
 * @returns {boolean}
 */
export function reducesMotion(settings) {
    if (settings.reduceMotion === "always") return true;
    if (settings.reduceMotion === "never") return false;
    return matchMedia("(prefers-reduced-motion: reduce)").matches;
}
