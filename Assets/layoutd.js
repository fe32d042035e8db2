// @ts-self-types="./layoutd.d.ts"
// layoutd.js: a web client for layoutd, served by the service at GET /layoutd.js.
// An ES module with no dependencies and no build step:
//
//   import { avoid, animateAnswer } from "/layoutd.js";
//   const answer = await avoid({ container, field, keyboardHeight, animation: { curve: 7 } });
//   animateAnswer(document.querySelector("main"), answer);
//
// `avoid` and `caretFollow` POST a request (contract §4, §5) and resolve to the answer; a problem
// answer (RFC 9457) is raised as a LayoutdError carrying its `status`, `type` and `pointer`.
// `animateAnswer` moves an element the way the answer says, with the answer's `easing` over its
// `motionDuration` (contract §6), through the Web Animations API, and returns the Animation.
//
// Types: GET /layoutd.d.ts declares this module. Deno (and JSR) read the `@ts-self-types` line
// above, also for a URL import. tsc ignores that line (4.8 does; TypeScript documents no such
// pragma): it reads a `.d.ts` beside the `.js` with the same base name, so save both files side
// by side and `import … from "./layoutd.js"`; editors do the same. tsc resolves no URL imports.

/** A problem answer of layoutd (or a body that is not one), raised as an error. */
export class LayoutdError extends Error {
  constructor(problem, status) {
    super(problem.detail || problem.title || `layoutd answered ${status}`);
    this.name = "LayoutdError";
    /** The HTTP status. */
    this.status = status;
    /** The problem type, e.g. "urn:layoutd:problem:negative". */
    this.type = problem.type ?? "about:blank";
    this.title = problem.title ?? "";
    /** The JSON Pointer of the offending member, e.g. "/keyboard/height"; undefined if none. */
    this.pointer = problem.pointer;
    /** The whole problem object. */
    this.problem = problem;
  }
}

async function post(path, body, options = {}) {
  const base = (options.baseURL ?? "").replace(/\/$/, "");
  const response = await (options.fetch ?? fetch)(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LayoutdError({ title: "Not JSON", detail: text.slice(0, 200) }, response.status);
  }
  if (!response.ok) throw new LayoutdError(json, response.status);
  return json;
}

/**
 * POST /avoid. `options`: `baseURL` (default: this page's origin), `signal` (an AbortSignal),
 * `fetch` (a fetch function to use instead of the global one).
 */
export function avoid(body, options) {
  return post("/avoid", body, options);
}

/** POST /caret-follow; `options` as for `avoid`. */
export function caretFollow(body, options) {
  return post("/caret-follow", body, options);
}

/**
 * The Web Animations timing of an answer's motion: `{duration, easing}` in milliseconds, from
 * `animation.motionDuration` and `animation.easing`. An answer without `animation` (a
 * caret-follow answer, or a request without one) moves at once.
 */
export function motionTiming(answer) {
  const animation = answer.animation;
  if (!animation) return { duration: 0, easing: "linear" };
  return { duration: animation.motionDuration * 1000, easing: animation.easing };
}

// The animation animateAnswer last started on an element, per property: a newer answer takes
// over from wherever the older one has got to.
const running = new WeakMap();

function takeOver(element, property, animation) {
  let byProperty = running.get(element);
  if (!byProperty) running.set(element, (byProperty = new Map()));
  const previous = byProperty.get(property);
  if (previous && previous.playState !== "finished" && previous.playState !== "idle") {
    try {
      if (previous.effect && previous.effect.target) previous.commitStyles();
    } catch {
      // An element that is not rendered has no style to commit; it jumps instead.
    }
    previous.cancel();
  }
  byProperty.set(property, animation);
}

const noMotion = () =>
  typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * Moves `element` as `answer` says and returns the Animation (already playing):
 * - translate: `transform: translate(offset.x px, offset.y px)`;
 * - resize: `options.property` (default `padding-bottom`) to `bottomInset` px;
 * - scroll and caret-follow answers: `padding-bottom` to `contentInset.bottom` px at once, then
 *   `scrollTop` to `contentOffset.y` (a scroll position is not a CSS property: an Animation with
 *   no target keeps the timing and a frame callback follows its progress).
 * Each starts from where the element is now (an earlier answer's motion still running is stopped
 * where it is), so a hide answer moves it back. When the animation finishes, the end value is
 * written to the element's style. `options.reducedMotion`
 * (default: the user's `prefers-reduced-motion`) makes the motion instant.
 */
export function animateAnswer(element, answer, options = {}) {
  const timing = motionTiming(answer);
  if (options.reducedMotion ?? noMotion()) timing.duration = 0;
  const effectTiming = { duration: timing.duration, easing: timing.easing, fill: "forwards" };
  const mode = answer.mode ?? "scroll";

  if (mode === "scroll") {
    if (answer.contentInset) element.style.paddingBottom = `${answer.contentInset.bottom}px`;
    const animation = new Animation(new KeyframeEffect(null, null, effectTiming), document.timeline);
    takeOver(element, "scrollTop", animation);
    const from = element.scrollTop;
    const to = answer.contentOffset.y;
    const step = () => {
      const progress = animation.effect.getComputedTiming().progress ?? 1;
      element.scrollTop = from + (to - from) * progress;
      if (animation.playState === "running") requestAnimationFrame(step);
    };
    animation.play();
    requestAnimationFrame(step);
    animation.finished.then(() => { element.scrollTop = to; }, () => {});
    return animation;
  }

  let property, value;
  if (mode === "translate") {
    property = "transform";
    value = `translate(${answer.offset.x}px, ${answer.offset.y}px)`;
  } else {
    property = options.property ?? "padding-bottom";
    value = `${answer.bottomInset}px`;
  }
  const animation = new Animation(new KeyframeEffect(element, null, effectTiming), document.timeline);
  takeOver(element, property, animation);
  const from = getComputedStyle(element).getPropertyValue(property);
  animation.effect.setKeyframes([{ [camel(property)]: from }, { [camel(property)]: value }]);
  animation.play();
  animation.finished.then(() => {
    element.style.setProperty(property, value);
    animation.cancel();
  }, () => {});
  return animation;
}

function camel(property) {
  return property.replace(/-([a-z])/g, (_, letter) => letter.toUpperCase());
}
