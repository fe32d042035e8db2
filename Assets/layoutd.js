// @ts-self-types="./layoutd.d.ts"
// layoutd.js: a web client for layoutd, served by the service at GET /layoutd.js.
// An ES module with no dependencies and no build step:
//
//   import { avoid, animateAnswer } from "/layoutd.js";
//   const answer = await avoid({ container, field, keyboardHeight, animation: { curve: 7 } });
//   animateAnswer(document.querySelector("main"), answer);
//
// `avoid`, `caretFollow`, `chat` and `sheet` POST a request (contract §4, §5, §12, §14) and resolve
// to the answer; a problem answer (RFC 9457) is raised as a LayoutdError carrying its `status`,
// `type` and `pointer`. For a layoutd started with `--api-keys`, pass `{apiKey}` in their options:
// it is sent as `Authorization: Bearer KEY`, and a call without a key in force rejects with a
// LayoutdError of status 401 (type "urn:layoutd:problem:unauthorized").
// `animateAnswer` moves an element the way the answer says, with the answer's `easing` over its
// `motionDuration` (contract §6), through the Web Animations API, and returns the Animation.
// An answer to a request with `track: true` holds the layout at every keyboard height (contract
// §11): `trackAt(track, h)` reads it at one height, and `followKeyboard(element, answer)` keeps an
// element where the track says while the keyboard moves, with no request per frame;
// `followChat(list, composer, answer)` does the same for a chat screen's list and composer, and
// `followSheet(sheet, answer)` for a bottom sheet.
// A web page tells layoutd where the keyboard is with the numbers it can read (contract §13):
// `readViewport()` reads them, `followViewport(request, onAnswer)` asks again whenever they change
// (at most once a frame), and `placeFixedBars(answer.viewport, {top, bottom})` puts the page's
// fixed bars on the edges of the visible band, at their unzoomed size.
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
  const headers = { "Content-Type": "application/json", Accept: "application/json" };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  const response = await (options.fetch ?? fetch)(base + path, {
    method: "POST",
    headers,
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
 * POST /avoid. `options`: `baseURL` (default: this page's origin), `apiKey` (an access key of a
 * layoutd started with `--api-keys`, sent as `Authorization: Bearer KEY`; a call refused for want of
 * one rejects with a LayoutdError of status 401), `signal` (an AbortSignal), `fetch` (a fetch
 * function to use instead of the global one).
 */
export function avoid(body, options) {
  return post("/avoid", body, options);
}

/** POST /caret-follow; `options` as for `avoid`. */
export function caretFollow(body, options) {
  return post("/caret-follow", body, options);
}

/** POST /chat (contract §12); `options` as for `avoid`. */
export function chat(body, options) {
  return post("/chat", body, options);
}

/** POST /sheet (contract §14): a bottom sheet on the keyboard; `options` as for `avoid`. */
export function sheet(body, options) {
  return post("/sheet", body, options);
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

/**
 * contract §11: every member of `track` at keyboard height `h`, as an object of numbers —
 * `{keyboardHeight, overlap, offsetY}` for a translate track, `contentOffsetY` and
 * `contentInsetBottom` for scroll and caret-follow, `bottomInset`, `additionalSafeAreaBottom` and
 * `visibleHeight` for resize. `h` is clamped to [0, H] (H the last breakpoint; NaN reads as 0) and
 * `keyboardHeight` is that clamped height. Between breakpoints the members run straight; where two
 * breakpoints are equal (a jump) the value before the jump holds at the jump's own height.
 */
export function trackAt(track, h) {
  const heights = track.keyboardHeight;
  const n = heights.length - 1;
  const height = h > 0 ? Math.min(h, heights[n]) : 0;
  // The stretch the height lies on: the smallest i < n with height ≤ heights[i + 1].
  let i = 0;
  while (i < n - 1 && height > heights[i + 1]) i++;
  const values = { keyboardHeight: height };
  for (const [name, array] of Object.entries(track)) {
    if (name === "keyboardHeight" || !Array.isArray(array)) continue;
    values[name] = n === 0 ? array[0] : valueOnStretch(array, heights, i, height);
  }
  return values;
}

function valueOnStretch(values, heights, i, height) {
  const [from, to] = [heights[i], heights[i + 1]];
  if (!(to > from)) return values[i];
  return values[i] + ((values[i + 1] - values[i]) * (height - from)) / (to - from) + 0;
}

/**
 * The keyboard's height on its way, as a track counts it (contract §11, with §13's `screen`, the
 * layout viewport, and its `H`): the part of the layout viewport below the top of the rectangle the
 * VirtualKeyboard API reports (Chromium, with `overlays-content`) when it reports one, else the
 * part below the visual viewport's bottom (Safari, Firefox, Chromium without `overlays-content`),
 * a pan past either end read as that end.
 */
function currentKeyboardHeight(viewport, keyboard) {
  const reported = keyboard?.boundingRect;
  if (reported?.height > 0) return Math.max(0, layoutViewport().height - reported.y);
  if (!viewport) return 0;
  const layout = layoutViewport().height;
  const top = clamp(viewport.offsetTop, 0, layout - viewport.height);
  return Math.max(0, layout - top - viewport.height);
}

function clamp(value, low, high) {
  return Math.min(Math.max(value, low), Math.max(low, high));
}

/**
 * Keeps `element` where `answer.track` says (contract §11) as the keyboard moves, with no request:
 * on every `visualViewport` `resize` and `scroll` and `navigator.virtualKeyboard` `geometrychange`
 * it reads the keyboard's height and applies the track at that height —
 * - translate: `transform: translateY(offsetY px)`;
 * - resize: `options.property` (default `padding-bottom`) to `bottomInset` px;
 * - scroll and caret-follow: `padding-bottom` to `contentInsetBottom` px and `scrollTop` to
 *   `contentOffsetY`.
 * It applies the track once at once, stops what `animateAnswer` still runs on that property, and
 * returns a function that stops following (removes its listeners). `options.keyboardHeight` (a
 * function returning the height in CSS pixels) replaces the browser's reading;
 * `options.onChange(values)` is called with `trackAt`'s values after each change.
 */
export function followKeyboard(element, answer, options = {}) {
  const track = answer && answer.track;
  if (!track) throw new TypeError("followKeyboard needs an answer with a track: send `track: true`");
  let apply;
  if ("offsetY" in track) {
    takeOver(element, "transform", null);
    apply = (values) => { element.style.transform = `translateY(${values.offsetY}px)`; };
  } else if ("bottomInset" in track) {
    const property = options.property ?? "padding-bottom";
    takeOver(element, property, null);
    apply = (values) => element.style.setProperty(property, `${values.bottomInset}px`);
  } else {
    takeOver(element, "scrollTop", null);
    apply = (values) => {
      element.style.paddingBottom = `${values.contentInsetBottom}px`;
      element.scrollTop = values.contentOffsetY;
    };
  }
  return listenToKeyboard(track, apply, options);
}

/**
 * Applies `trackAt(track, h)` with `apply` at the keyboard's height now and on every
 * `visualViewport` `resize` and `scroll` (a pan moves the visual viewport's bottom) and
 * `navigator.virtualKeyboard` `geometrychange`; returns the function that removes the listeners.
 * `options` as for `followKeyboard`.
 */
function listenToKeyboard(track, apply, options) {
  const viewport = globalThis.visualViewport ?? null;
  const keyboard = globalThis.navigator?.virtualKeyboard ?? null;
  const measure = options.keyboardHeight ?? (() => currentKeyboardHeight(viewport, keyboard));
  const follow = () => {
    const values = trackAt(track, measure());
    apply(values);
    if (options.onChange) options.onChange(values);
  };
  viewport?.addEventListener("resize", follow);
  viewport?.addEventListener("scroll", follow);
  keyboard?.addEventListener("geometrychange", follow);
  follow();
  return () => {
    viewport?.removeEventListener("resize", follow);
    viewport?.removeEventListener("scroll", follow);
    keyboard?.removeEventListener("geometrychange", follow);
  };
}

/**
 * A chat screen (contract §12) following the keyboard with no request: keeps `composer` and the
 * message `list` where `answer.track` (a /chat answer to a request with `track: true`) says, on
 * the same events as `followKeyboard`:
 * - the composer: `transform: translateY(composerOffsetY px)`;
 * - an ordinary list: `padding-bottom` to `contentInsetBottom` px and `scrollTop` to
 *   `contentOffsetY`;
 * - an inverted list (drawn upside down, e.g. `transform: scaleY(-1)`, so its own top is at the
 *   composer): `padding-top` to `contentInsetTop` px and `scrollTop` to
 *   `contentOffsetY + contentInsetTop`, the offset measured from the padding's edge where the web
 *   starts its scroll range (the newest message at 0).
 * The browser clamps `scrollTop` into the list's range. Applies the track once at once, stops
 * what `animateAnswer` still runs on those properties, and returns a function that stops
 * following. `options` as for `followKeyboard` (`property` aside).
 */
export function followChat(list, composer, answer, options = {}) {
  const track = answer && answer.track;
  if (!track || !("composerOffsetY" in track)) {
    throw new TypeError("followChat needs a /chat answer with a track: send `track: true`");
  }
  takeOver(composer, "transform", null);
  takeOver(list, "scrollTop", null);
  const inverted = "contentInsetTop" in track;
  const apply = (values) => {
    composer.style.transform = `translateY(${values.composerOffsetY}px)`;
    if (inverted) {
      list.style.paddingTop = `${values.contentInsetTop}px`;
      list.scrollTop = values.contentOffsetY + values.contentInsetTop;
    } else {
      list.style.paddingBottom = `${values.contentInsetBottom}px`;
      list.scrollTop = values.contentOffsetY;
    }
  };
  return listenToKeyboard(track, apply, options);
}

/**
 * A bottom sheet (contract §14) riding the keyboard with no request: keeps `sheetElement` where
 * `answer.track` (a /sheet answer to a request with `track: true`) says, on the same events as
 * `followKeyboard`:
 * - the sheet: `top` to `sheetY` px and `height` to `sheetHeight` px — its content area, header
 *   included, in its container (style it `position: absolute` or, on a web page whose container
 *   is the layout viewport, `position: fixed`);
 * - `options.scrollView`, the sheet's scroll view, when the request had a `field`: `scrollTop` to
 *   `contentOffsetY`.
 * Applies the track once at once and returns a function that stops following. `options` as for
 * `followKeyboard` (`property` aside), and `scrollView`.
 */
export function followSheet(sheetElement, answer, options = {}) {
  const track = answer && answer.track;
  if (!track || !("sheetY" in track)) {
    throw new TypeError("followSheet needs a /sheet answer with a track: send `track: true`");
  }
  const scrollView = options.scrollView ?? null;
  if (scrollView) takeOver(scrollView, "scrollTop", null);
  const apply = (values) => {
    sheetElement.style.top = `${values.sheetY}px`;
    sheetElement.style.height = `${values.sheetHeight}px`;
    if (scrollView && "contentOffsetY" in values) scrollView.scrollTop = values.contentOffsetY;
  };
  return listenToKeyboard(track, apply, options);
}

// ---- A web page's viewport (contract §13) ---------------------------------------------------------

// The element whose box is the layout viewport (`position: fixed; inset: 0`), invisible and inert:
// made once, put back if the page removed it.
let probe = null;

/** The layout viewport's size: the probe's box. Not `innerHeight`, which WebKit shrinks under zoom. */
function layoutViewport() {
  if (!probe || !probe.isConnected) {
    probe ??= document.createElement("div");
    probe.setAttribute("aria-hidden", "true");
    probe.inert = true;
    probe.style.cssText = "position: fixed; inset: 0; margin: 0; border: 0; padding: 0; "
      + "visibility: hidden; pointer-events: none; z-index: -2147483648";
    document.documentElement.appendChild(probe);
  }
  const box = probe.getBoundingClientRect();
  return { width: box.width, height: box.height };
}

// Input types that raise no keyboard.
const KEYLESS_INPUTS = new Set(["button", "checkbox", "color", "file", "hidden", "image", "radio", "range", "reset",
  "submit"]);

/** Whether the focused element (inside open shadow roots too) takes typing, so a keyboard may show. */
function editableFocused() {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element) return false;
  if (element.isContentEditable || element.localName === "textarea") return true;
  return element.localName === "input" && !KEYLESS_INPUTS.has(element.type);
}

// The layout viewport's height before any keyboard came (§13's `restingHeight`): recorded when the
// module loads and on every resize and orientation change while no editable element has focus.
let restingHeight = null;

function noteRestingHeight() {
  if (!editableFocused()) restingHeight = layoutViewport().height;
}

if (typeof document !== "undefined" && document.documentElement && typeof addEventListener === "function") {
  noteRestingHeight();
  addEventListener("resize", noteRestingHeight);
  addEventListener("orientationchange", noteRestingHeight);
}

const WIDGETS = /(?:^|[\s,;])interactive-widget\s*=\s*(resizes-visual|resizes-content|overlays-content)(?![\w-])/i;

/**
 * What the keyboard shrinks: `overlays-content` when `navigator.virtualKeyboard.overlaysContent`
 * is set, else the `interactive-widget` of the page's (last) viewport meta tag, else the default.
 *
 * A meta tag's `overlays-content` counts only where `navigator.virtualKeyboard` can report the
 * keyboard's rectangle. Elsewhere (Safari, Firefox, a page not served over HTTPS) the page is read
 * as `resizes-visual`, which is right either way: a browser that ignores the tag shrinks the
 * visual viewport, and one that honours it shrinks nothing, which reads as no keyboard, all a page
 * without the rectangle can know.
 */
function interactiveWidget() {
  const keyboard = globalThis.navigator?.virtualKeyboard;
  if (keyboard?.overlaysContent) return "overlays-content";
  const metas = document.querySelectorAll('meta[name="viewport" i]');
  const match = WIDGETS.exec(metas.length ? metas[metas.length - 1].content : "");
  const widget = match ? match[1].toLowerCase() : "resizes-visual";
  return widget === "overlays-content" && !keyboard ? "resizes-visual" : widget;
}

/**
 * contract §13: the `viewport` request member as the browser gives it now — `layout` (the size of
 * a `position: fixed; inset: 0` element), `visual` (`window.visualViewport`'s offsets, size and
 * scale), `interactiveWidget` (unless the default), `restingHeight` for `resizes-content` (the
 * layout viewport's height before a field had focus, when it differs from the height now) and
 * `keyboardRect` for `overlays-content` (`navigator.virtualKeyboard.boundingRect`).
 * `options.threshold` is sent as `threshold` when given. Read it in an animation frame after the
 * browser's event: some browsers fire before the numbers change (`followViewport` does).
 */
export function readViewport(options = {}) {
  const layout = layoutViewport();
  const visual = globalThis.visualViewport;
  const reading = {
    layout,
    visual: visual
      ? { offsetLeft: visual.offsetLeft, offsetTop: visual.offsetTop, width: visual.width, height: visual.height,
        scale: visual.scale }
      : { offsetLeft: 0, offsetTop: 0, width: layout.width, height: layout.height, scale: 1 },
  };
  const widget = interactiveWidget();
  if (widget !== "resizes-visual") reading.interactiveWidget = widget;
  if (widget === "resizes-content" && restingHeight !== null && restingHeight !== layout.height) {
    reading.restingHeight = restingHeight;
  }
  const rect = widget === "overlays-content" ? globalThis.navigator?.virtualKeyboard?.boundingRect : null;
  if (rect) reading.keyboardRect = { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
  if (options.threshold !== undefined) reading.threshold = options.threshold;
  return reading;
}

/**
 * Puts a page's fixed bars where an answer's `viewport` member (contract §13) says: `top`, an
 * element fixed at `top: 0; left: 0`, gets `fixedTop` and `bottom`, fixed at `bottom: 0; left: 0`,
 * `fixedBottom`, each as `transform: translate(x px, y px) scale(s)` with `transform-origin`
 * `left top` / `left bottom`. They then sit on the edges of the visible band (above the keyboard,
 * inside a pinch-zoomed or panned visual viewport) at the size they have without zoom.
 */
export function placeFixedBars(viewport, bars = {}) {
  if (!viewport || !viewport.fixedTop || !viewport.fixedBottom) {
    throw new TypeError("placeFixedBars needs an answer's `viewport` member: send `viewport` in the request");
  }
  const place = (element, at, origin) => {
    if (!element) return;
    takeOver(element, "transform", null);
    element.style.transformOrigin = origin;
    element.style.transform = `translate(${at.x}px, ${at.y}px) scale(${at.scale})`;
  };
  place(bars.top, viewport.fixedTop, "left top");
  place(bars.bottom, viewport.fixedBottom, "left bottom");
}

/**
 * Asks layoutd again whenever the viewport changes (contract §13): on `visualViewport` `resize`
 * and `scroll` and `navigator.virtualKeyboard` `geometrychange` it reads the numbers
 * (`readViewport`) in the next animation frame, at most one request a frame, and posts `request`
 * — or what `request(viewport)` returns — with its `viewport` set to them. `onAnswer(answer,
 * body)` gets each answer, except one that comes after the answer to a newer request (it would
 * undo it). It asks once at once, and returns a function that stops (removes every listener,
 * cancels the frame it waits for, drops the answers still to come). `options`: `endpoint`
 * (default "/avoid"; "/caret-follow", "/chat", "/sheet"), `baseURL` and `fetch` as for `avoid`,
 * `signal` (aborts the requests and stops), `threshold` as for `readViewport`, `onError(error)`
 * (default: `reportError`), `apiKey` as for `avoid` (every request sends it).
 */
export function followViewport(request, onAnswer, options = {}) {
  const endpoint = options.endpoint ?? "/avoid";
  const viewport = globalThis.visualViewport ?? null;
  const keyboard = globalThis.navigator?.virtualKeyboard ?? null;
  const onError = options.onError ?? ((error) => globalThis.reportError?.(error));
  let frame = 0;
  let sent = 0;
  let answered = 0;
  let stopped = false;
  const ask = () => {
    frame = 0;
    const reading = readViewport(options);
    const body = { ...(typeof request === "function" ? request(reading) : request), viewport: reading };
    const mine = ++sent;
    const current = () => !stopped && mine > answered;
    post(endpoint, body, options).then((answer) => {
      if (!current()) return;
      answered = mine;
      onAnswer(answer, body);
    }, (error) => {
      if (current()) onError(error);
    });
  };
  const schedule = () => {
    if (!frame && !stopped) frame = requestAnimationFrame(ask);
  };
  const stop = () => {
    stopped = true;
    if (frame) cancelAnimationFrame(frame);
    frame = 0;
    viewport?.removeEventListener("resize", schedule);
    viewport?.removeEventListener("scroll", schedule);
    keyboard?.removeEventListener("geometrychange", schedule);
    options.signal?.removeEventListener("abort", stop);
  };
  if (options.signal?.aborted) {
    stopped = true;
    return stop;
  }
  viewport?.addEventListener("resize", schedule);
  viewport?.addEventListener("scroll", schedule);
  keyboard?.addEventListener("geometrychange", schedule);
  options.signal?.addEventListener("abort", stop);
  schedule();
  return stop;
}
