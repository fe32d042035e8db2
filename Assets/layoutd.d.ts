// layoutd.d.ts: the TypeScript declarations of the web client module layoutd.js, served beside it
// at GET /layoutd.d.ts.
//
// The first part, the functions of layoutd.js and LayoutdError, is written by hand. The second,
// every request and answer type, is generated from openapi.yaml's components/schemas by
// scripts/clients/openapi_to_dts.py, so the two cannot drift: scripts/checks/81-web-types fails
// when this file is not what the generator writes, or when an export of layoutd.js is not
// declared here.
//
// How TypeScript finds it: save layoutd.js and this file side by side and import "./layoutd.js";
// tsc (4.8 and later) and editors read the `.d.ts` beside a `.js` of the same base name. Deno also
// follows the `@ts-self-types` line at the top of layoutd.js, for a URL import too.
//
//   import { avoid, animateAnswer, type AvoidRequest } from "./layoutd.js";
//   const request: AvoidRequest = { container, field, keyboardHeight: 336, animation: { curve: 7 } };
//   const answer = await avoid(request);
//   if (answer.mode === "translate") console.log(answer.offset.y);
//
// A module for web pages: it uses the DOM's types (fetch, AbortSignal, HTMLElement, Animation).
/// <reference lib="dom" />

/** What `avoid`, `caretFollow`, `chat` and `sheet` take besides the request. */
export interface RequestOptions {
  /** Where layoutd answers, e.g. "https://layoutd.example.com". Default: this page's origin. */
  baseURL?: string;
  /**
   * An access key, for a layoutd started with `--api-keys`: sent as `Authorization: Bearer KEY`.
   * Without one in force such a layoutd refuses the call: it rejects with a `LayoutdError` of status
   * 401 and type "urn:layoutd:problem:unauthorized". A layoutd without keys ignores it.
   */
  apiKey?: string;
  /** Aborts the request. */
  signal?: AbortSignal | null;
  /** A fetch function to use instead of the global one. */
  fetch?: typeof fetch;
}

/**
 * POST /avoid (contract §3, §4): resolves to the answer for the request's `mode`; narrow it on
 * `answer.mode`. A problem answer rejects with a `LayoutdError`. A string body is sent as it is.
 */
export declare function avoid(body: AvoidRequest | string, options?: RequestOptions): Promise<AvoidAnswer>;

/** POST /caret-follow (contract §5); `options` and errors as for `avoid`. */
export declare function caretFollow(
  body: CaretFollowRequest | string,
  options?: RequestOptions,
): Promise<CaretFollowAnswer>;

/** POST /chat (contract §12); `options` and errors as for `avoid`. */
export declare function chat(body: ChatRequest | string, options?: RequestOptions): Promise<ChatAnswer>;

/** POST /sheet (contract §14): a bottom sheet on the keyboard; `options` and errors as for `avoid`. */
export declare function sheet(body: SheetRequest | string, options?: RequestOptions): Promise<SheetAnswer>;

/** The Web Animations timing of an answer's motion. */
export interface MotionTiming {
  /** Milliseconds: `animation.motionDuration` × 1000, or 0 when the answer has no `animation`. */
  duration: number;
  /** `animation.easing`, or "linear" when the answer has no `animation`. */
  easing: string;
}

/** The timing of an answer's motion (contract §6); an answer without `animation` moves at once. */
export declare function motionTiming(answer: AvoidAnswer | CaretFollowAnswer): MotionTiming;

/** What `animateAnswer` takes besides the element and the answer. */
export interface AnimateOptions {
  /** The CSS property a `resize` answer's `bottomInset` goes to. Default: "padding-bottom". */
  property?: string;
  /** Whether the motion is instant. Default: the user's `prefers-reduced-motion`. */
  reducedMotion?: boolean;
}

/**
 * Moves `element` as `answer` says, with the answer's easing over its motion's duration, and
 * returns the Web Animation (already playing): translate moves `transform`, resize
 * `options.property`, scroll and caret-follow answers `padding-bottom` and `scrollTop`. A newer
 * answer takes over from wherever an older one has got to.
 */
export declare function animateAnswer(
  element: HTMLElement,
  answer: AvoidAnswer | CaretFollowAnswer,
  options?: AnimateOptions,
): globalThis.Animation;

// ---- The keyboard's way (contract §11) ----------------------------------------------------------
// An answer to a request with `track: true` carries the layout at every keyboard height. The track
// types (`AvoidTrackTranslate`, `AvoidTrackScroll`, `AvoidTrackResize`, `CaretFollowTrack`,
// `ChatTrack`, `ChatTrackInverted`, `SheetTrack`) are generated from openapi.yaml with the others
// below.

/** Any answer's track: the one its mode (or `/caret-follow`, `/chat` or `/sheet`) carries. */
export type KeyboardTrack =
  | AvoidTrackTranslate
  | AvoidTrackScroll
  | AvoidTrackResize
  | CaretFollowTrack
  | ChatTrack
  | ChatTrackInverted
  | SheetTrack;

/**
 * A track read at one keyboard height: each of its arrays as one number — `keyboardHeight` (the
 * height, clamped to the track's range), `overlap` and the mode's members.
 */
export type TrackValues<T extends KeyboardTrack = KeyboardTrack> = { [K in keyof T]: number };

/**
 * contract §11: every member of `track` at keyboard height `h`, clamped to [0, H] (H the last
 * breakpoint; NaN reads as 0). Between breakpoints the members run straight; at a jump (two equal
 * breakpoints) the value before the jump holds at its own height.
 */
export declare function trackAt<T extends KeyboardTrack>(track: T, h: number): TrackValues<T>;

/** What `followKeyboard` takes besides the element and the answer. */
export interface FollowOptions<T extends KeyboardTrack = KeyboardTrack> {
  /**
   * The keyboard's current height in CSS pixels. Default: the part of the layout viewport below
   * the top of `navigator.virtualKeyboard.boundingRect` when it reports a keyboard (contract §13's
   * `Hl − keyboardRect.y`), else the part below the visual viewport's bottom (`Hl − b`).
   */
  keyboardHeight?: () => number;
  /** The CSS property a `resize` track's `bottomInset` goes to. Default: "padding-bottom". */
  property?: string;
  /** Called with the track's values each time they are applied. */
  onChange?: (values: TrackValues<T>) => void;
}

/**
 * Keeps `element` where `answer.track` says while the keyboard moves (each `visualViewport`
 * `resize` and `scroll`, each `navigator.virtualKeyboard` `geometrychange`), with no request: translate sets
 * `transform: translateY(…)`, resize `options.property`, scroll and caret-follow `padding-bottom`
 * and `scrollTop`. Applies the track once at once; returns a function that stops following.
 * Throws a `TypeError` for an answer without `track`.
 */
export declare function followKeyboard<A extends AvoidAnswer | CaretFollowAnswer>(
  element: HTMLElement,
  answer: A,
  options?: FollowOptions<NonNullable<A["track"]>>,
): () => void;

/**
 * A chat screen (contract §12) following the keyboard with no request, on the same events as
 * `followKeyboard`: `composer` gets `transform: translateY(composerOffsetY)`; an ordinary `list`
 * `padding-bottom` (`contentInsetBottom`) and `scrollTop` (`contentOffsetY`), an inverted one
 * (drawn upside down) `padding-top` (`contentInsetTop`) and `scrollTop` (`contentOffsetY +
 * contentInsetTop`). Returns a function that stops following; throws a `TypeError` for an answer
 * without a chat track.
 */
export declare function followChat(
  list: HTMLElement,
  composer: HTMLElement,
  answer: ChatAnswer,
  options?: Omit<FollowOptions<ChatTrack | ChatTrackInverted>, "property">,
): () => void;

/** What `followSheet` takes besides the sheet and the answer. */
export interface FollowSheetOptions extends Omit<FollowOptions<SheetTrack>, "property"> {
  /** The sheet's scroll view: its `scrollTop` goes to `contentOffsetY` (a request with `field`). */
  scrollView?: HTMLElement | null;
}

/**
 * A bottom sheet (contract §14) riding the keyboard with no request, on the same events as
 * `followKeyboard`: `sheetElement` gets `top` (`sheetY`) and `height` (`sheetHeight`), its content
 * area in its container, and `options.scrollView` `scrollTop` (`contentOffsetY`). Returns a
 * function that stops following; throws a `TypeError` for an answer without a sheet track.
 */
export declare function followSheet(
  sheetElement: HTMLElement,
  answer: SheetAnswer,
  options?: FollowSheetOptions,
): () => void;

// ---- A web page's viewport (contract §13) -----------------------------------------------------------
// `Viewport` (the request member) and `ViewportAnswer` (the answer's) are generated below.

/** What `readViewport` takes. */
export interface ReadViewportOptions {
  /** Sent as `viewport.threshold`: a keyboard shorter than this is not one. Default: left out (150). */
  threshold?: number;
}

/**
 * contract §13: the `viewport` request member as the browser gives it now — the layout viewport
 * (a `position: fixed; inset: 0` probe's size), `visualViewport`'s five numbers, the page's
 * `interactive-widget` (or `overlays-content` when `navigator.virtualKeyboard.overlaysContent`),
 * `restingHeight` for `resizes-content` and `keyboardRect` for `overlays-content`; members at
 * their defaults left out. A meta tag's `overlays-content` is read as `resizes-visual` where
 * there is no `navigator.virtualKeyboard` to report the keyboard's rectangle (Safari, Firefox,
 * a page not served over HTTPS). Read it in an animation frame after the browser's event.
 */
export declare function readViewport(options?: ReadViewportOptions): Viewport;

/** The fixed bars `placeFixedBars` places; either may be left out. */
export interface FixedBars {
  /** An element fixed at `top: 0; left: 0`: it gets `fixedTop`. */
  top?: HTMLElement | null;
  /** An element fixed at `bottom: 0; left: 0`: it gets `fixedBottom`. */
  bottom?: HTMLElement | null;
}

/**
 * Sets each bar's `transform` (`translate(x px, y px) scale(s)`) and `transform-origin` (`left top`,
 * `left bottom`) from an answer's `viewport` member: the bars then sit on the visible band's edges at
 * their unzoomed size. Throws a `TypeError` when `viewport` is not one.
 */
export declare function placeFixedBars(viewport: ViewportAnswer, bars?: FixedBars): void;

/** The endpoints that take a `viewport`: their requests and answers. */
export interface ViewportEndpoints {
  "/avoid": { request: AvoidRequest; answer: AvoidAnswer };
  "/caret-follow": { request: CaretFollowRequest; answer: CaretFollowAnswer };
  "/chat": { request: ChatRequest; answer: ChatAnswer };
  "/sheet": { request: SheetRequest; answer: SheetAnswer };
}

/**
 * An endpoint's request without its keyboard (`keyboard`, `keyboardHeight`, `screen`, `viewport`)
 * and without `window`, which a page's `viewport` excludes (contract §13, §15).
 */
export type RequestWithoutKeyboard<E extends keyof ViewportEndpoints> = Omit<
  ViewportEndpoints[E]["request"],
  "keyboard" | "keyboardHeight" | "screen" | "window" | "viewport"
>;

/** An endpoint's answer to a request with `viewport`: it has the `viewport` member. */
export type AnswerWithViewport<E extends keyof ViewportEndpoints> = ViewportEndpoints[E]["answer"] & {
  viewport: ViewportAnswer;
};

/** What `followViewport` takes besides the request and the callback. */
export interface FollowViewportOptions<E extends keyof ViewportEndpoints = "/avoid">
  extends RequestOptions,
    ReadViewportOptions {
  /** The endpoint asked. Default: "/avoid". */
  endpoint?: E;
  /** Called with a request's error, unless a newer request was answered. Default: `reportError`. */
  onError?: (error: unknown) => void;
}

/**
 * Asks `options.endpoint` again whenever the viewport changes (`visualViewport` `resize` and
 * `scroll`, `navigator.virtualKeyboard` `geometrychange`), at most once a frame, with the numbers
 * `readViewport` gives in that frame as the request's `viewport`; once at once. `request` is the
 * request without its keyboard, or a function of the viewport that returns it. `onAnswer` gets each
 * answer and the body sent, except an answer that comes after a newer request's. Returns a function
 * that stops: every listener removed, the pending frame cancelled, answers still to come dropped.
 */
export declare function followViewport<E extends keyof ViewportEndpoints = "/avoid">(
  request: RequestWithoutKeyboard<E> | ((viewport: Viewport) => RequestWithoutKeyboard<E>),
  onAnswer: (answer: AnswerWithViewport<E>, body: RequestWithoutKeyboard<E> & { viewport: Viewport }) => void,
  options?: FollowViewportOptions<E>,
): () => void;

// ---- Errors ----------------------------------------------------------------------------------------

/** A problem answer of layoutd (RFC 9457, contract §7), or a body that is not JSON, raised as an error. */
export declare class LayoutdError extends Error {
  constructor(problem: Partial<Problem>, status: number);
  name: "LayoutdError";
  /** The HTTP status. */
  status: number;
  /**
   * The problem type: the rule a 422 broke, "urn:layoutd:problem:unauthorized" for a 401 (no access
   * key in force, `--api-keys`), else "about:blank".
   */
  type: ProblemType | UnauthorizedProblem["type"] | "about:blank";
  title: string;
  /** The JSON Pointer of the offending member, e.g. "/keyboard/height"; undefined if none. */
  pointer: string | undefined;
  /** The whole problem object (for a body that was not JSON: its `title` and `detail` only). */
  problem: ValidationProblem | UnauthorizedProblem | Problem | { title: string; detail: string };
}

// ---- BEGIN TYPES GENERATED FROM openapi.yaml (scripts/clients/openapi_to_dts.py); do not edit below ----
/** A rectangle; every member is required. Widths and heights are ≥ 0. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A point; both members are required. */
export interface Point {
  x: number;
  y: number;
}

/** A size; both members are required and ≥ 0. */
export interface Size {
  width: number;
  height: number;
}

/** Insets of any sign; a missing or `null` member is 0. */
export interface Insets {
  top?: number | null;
  left?: number | null;
  bottom?: number | null;
  right?: number | null;
}

/** Safe-area insets, each ≥ 0; a missing or `null` member is 0. */
export interface SafeAreaInsets {
  top?: number | null;
  left?: number | null;
  bottom?: number | null;
  right?: number | null;
}

/**
 * How the app avoids the keyboard: `translate` shifts the whole container, `scroll` gives a
 * scroll view an inset and scrolls it, `resize` makes the container give up its bottom.
 */
export type AvoidMode = "translate" | "scroll" | "resize";

/**
 * Whose keyboard motion an answer gives (contract §6.1): `ios`, the notification's curve, or
 * `android`, the IME inset animation Android 11 and later run.
 */
export type AnimationPlatform = "ios" | "android";

/**
 * What an undocked (floating or split) keyboard does: `ignore` treats it as hidden (as
 * UIKeyboardLayoutGuide does by default), `avoid` treats it as an obstruction like a docked
 * one.
 */
export type UndockedPolicy = "ignore" | "avoid";

/**
 * How the service read the keyboard. `hidden`: `keyboard` is `null`, or its width or height
 * is 0, or it lies at or below the screen's bottom (`keyboard.minY >= screen.maxY`, the
 * frame iOS reports on hide). `docked`: not hidden and reaching the screen's bottom (within
 * 0.5 points). `undocked`: otherwise (an iPad floating or split keyboard).
 */
export type KeyboardState = "hidden" | "docked" | "undocked";

/**
 * The curve as a CSS timing function, kept for compatibility: curve 0 `ease-in-out`,
 * 1 `ease-in`, 2 `ease-out`, 3 `linear`, 7 `cubic-bezier(0.38, 0.7, 0.125, 1)` (an
 * approximation of the keyboard's spring, fair only over `motionDuration`), any other
 * `ease-in-out`. New clients use `easing` over `motionDuration`.
 */
export type TimingFunction =
  | "ease-in-out"
  | "ease-in"
  | "ease-out"
  | "linear"
  | "cubic-bezier(0.38, 0.7, 0.125, 1)";

/**
 * What the keyboard shrinks on a web page (contract §13), as the viewport meta tag's
 * `interactive-widget` says: `resizes-visual` (every browser's default) the visual viewport
 * only, `resizes-content` the layout viewport too, `overlays-content` neither (Chromium's
 * `navigator.virtualKeyboard.overlaysContent = true` means the same). Any other value, case
 * included, is 422 `unknown-value`.
 */
export type InteractiveWidget = "resizes-visual" | "resizes-content" | "overlays-content";

/**
 * What a bottom sheet does while the keyboard is up (contract §14): `interactive` keeps its
 * height, `extend` goes to its tallest detent, `fillParent` takes all the height there is
 * between the ceiling and the keyboard. Any other value, case included, is 422
 * `unknown-value`.
 */
export type KeyboardBehavior = "interactive" | "extend" | "fillParent";

/**
 * A rule of contract §15 that a request with `window` matched: its numbers look like one of
 * the platform's known misreports. A warning is not an error: the answer is the one the
 * numbers as sent give. `K` is the keyboard contract §3 reads (the `keyboard` rect, or the
 * one `keyboardHeight` describes; the keyboard rules need a `K` of positive width and
 * height), `S` is `screen`, `W` is `window`, `C` the container (or `textView`) moved into
 * screen coordinates. Every comparison allows half a point; "full width" is
 * `abs(K.width − S.width) ≤ 0.5`.
 * - `keyboard-beyond-screen`: `K.minX < S.minX − 0.5` or `K.maxX > S.maxX + 0.5` or
 *   `K.minY < S.minY − 0.5` (a frame past the screen's side or top edge: converted already,
 *   from another screen, in pixels, or a `keyboardHeight` taller than the screen).
 * - `keyboard-in-window-coordinates`: `K` is `undocked` (contract §3), full width, and
 *   moved back by the window's origin or `C`'s (that origin's `x` added to `K.x`, its `y` to
 *   `K.y`) has `abs(x − S.x) ≤ 0.5` and `abs(maxY − S.maxY) ≤ 0.5` (a docked keyboard
 *   reported, or converted, in window or view coordinates).
 * - `keyboard-ends-at-window-bottom`: `K` is `undocked`, full width, and
 *   `abs(K.maxY − W.maxY) ≤ 0.5` (Slide Over's frame without the strip below the window).
 * - `screen-is-window`: `abs(W.width − S.width) ≤ 0.5` and `abs(W.height − S.height) ≤ 0.5`,
 *   and `W` or `S` is not at the origin (`abs(x) > 0.5` or `abs(y) > 0.5`): the window's own
 *   frame or bounds sent as `screen`.
 * - `window-larger-than-screen`: `W.width > S.width + 0.5` or `W.height > S.height + 0.5`:
 *   `screen` is not the window's screen, or not in its units.
 */
export type WindowWarning =
  | "keyboard-beyond-screen"
  | "keyboard-in-window-coordinates"
  | "keyboard-ends-at-window-bottom"
  | "screen-is-window"
  | "window-larger-than-screen";

/**
 * The rule a 422 request broke, as `urn:layoutd:problem:` and its name:
 * `missing-member` (a required member is absent; `null` for `viewport.layout`,
 * `viewport.visual`, one of `visual`'s members or one of `window`'s members too; `screen`
 * absent or `null` beside `window`), `wrong-type` (a member of the wrong
 * JSON type, `null` for any other required member included; an array item that is not an
 * object; a batch body that is not an array),
 * `not-finite` (a number a double cannot hold), `out-of-range` (a number outside ±1e9, a
 * `curve` outside 0…15, a `frameRate` outside 1…240, a `viewport.visual.scale` outside
 * 0.01…100, an empty `detents`, a `detent` that is no index of `detents`), `negative` (a
 * size, margin, duration, safe-area inset, `keyboardHeight`, `lineHeight`, `keyboardInset`,
 * `endThreshold`, detent, `topInset`, `header`, `restingHeight` or `threshold` below 0),
 * `unknown-value` (a `mode`, `undocked`, `lift`, `platform`, `interactiveWidget` or
 * `keyboardBehavior` the service does not know), `not-an-integer` (a `curve`, `frameRate`
 * or `detent` with a fraction), `both-keyboard-and-height`, `no-keyboard` (none of
 * `keyboard`, `keyboardHeight` and `viewport`), `duplicate-member` (an object with two
 * members of the same name), `too-many` (more than 16 `alsoReveal` rects or `detents`, more
 * than 2,401 `frames`, more than 10,000 batch items), `conflicting-members` (`viewport`
 * with `keyboard`, `keyboardHeight`, `screen` or `window`; a `keyboardRect` without
 * `overlays-content`, a `restingHeight` without `resizes-content`).
 */
export type ProblemType =
  | "urn:layoutd:problem:missing-member"
  | "urn:layoutd:problem:wrong-type"
  | "urn:layoutd:problem:not-finite"
  | "urn:layoutd:problem:out-of-range"
  | "urn:layoutd:problem:negative"
  | "urn:layoutd:problem:unknown-value"
  | "urn:layoutd:problem:not-an-integer"
  | "urn:layoutd:problem:both-keyboard-and-height"
  | "urn:layoutd:problem:no-keyboard"
  | "urn:layoutd:problem:duplicate-member"
  | "urn:layoutd:problem:too-many"
  | "urn:layoutd:problem:conflicting-members";

/**
 * The keyboard notification's animation (contract §6), and optionally the rate at which the
 * client wants the motion sampled. With `frameRate` the answer's `frames` holds at most
 * 2,401 values: a request whose frame count n (the smallest integer ≥ motionDuration ×
 * frameRate − 1e-9) would exceed 2,400 is a 422 `too-many` at `/animation/frameRate`. The
 * spring (curve 7, also when `curve` is absent or `null`) always lasts 0.5 s, so only the
 * other curves can reach that limit. `AvoidRequest`'s `dependentSchemas` carries the
 * simpler bound that always stays within it (a `duration` of at most 10 s with `frameRate`
 * and a curve other than 7); the service applies the exact one.
 */
export interface Animation {
  /**
   * `UIKeyboardAnimationDurationUserInfoKey`, in seconds. `null` means absent.
   * @default 0.25
   */
  duration?: number | null;
  /**
   * `UIKeyboardAnimationCurveUserInfoKey`, the UIKit raw value: an integer 0…15 (`7.0`
   * reads as 7). `null` means absent.
   * @default 7
   */
  curve?: number | null;
  /**
   * Frames a second at which the answer's `frames` sample the motion: an integer 1…240.
   * Absent or `null`: no `frames` in the answer.
   */
  frameRate?: number | null;
  /**
   * Whose keyboard motion the answer gives (contract §6.1): `ios` (the default) or
   * `android` (285 ms along `PathInterpolator(0.2, 0, 0, 1)`; `duration` and `curve` are
   * then validated but not used). Any other value, case included, is 422
   * `unknown-value`. `null` means absent.
   */
  platform?: AnimationPlatform | null;
}

/**
 * `window.visualViewport`'s members as the page read them, in CSS pixels (contract §13). All
 * five are required; `null` for one of them is 422 `missing-member`.
 */
export interface VisualViewport {
  /**
   * `visualViewport.offsetLeft`: how far the visual viewport's left edge lies inside the
   * layout viewport. May be negative (a rubber band past the left edge).
   */
  offsetLeft: number;
  /**
   * `visualViewport.offsetTop`: how far Safari has panned the page up (> 0), or how far
   * it rubber-bands past the top (< 0).
   */
  offsetTop: number;
  /** `visualViewport.width`, ≥ 0. */
  width: number;
  /** `visualViewport.height`, ≥ 0: what the keyboard and the zoom leave of the page. */
  height: number;
  /** `visualViewport.scale`, the pinch-zoom: 0.01…100 (422 `out-of-range` outside). */
  scale: number;
}

/**
 * What a web page can read of its two viewports (contract §13), sent instead of `keyboard`
 * or `keyboardHeight`: the service derives the keyboard's frame from it, answers as if that
 * frame had been sent, and adds where the page's fixed bars belong (the answer's
 * `viewport`). With it the rects an endpoint takes in screen coordinates (`container`,
 * `textView`) are in layout-viewport coordinates (what `getBoundingClientRect()` returns),
 * and the screen is the layout viewport `{0, 0, layout.width, layout.height}`. Read the
 * numbers in an animation frame after the browser's `visualViewport` `resize` or `scroll`
 * event, or `geometrychange`: some browsers fire the event before the numbers change.
 *
 * The keyboard. With `l`, `t` the visual viewport's offsets clamped into the layout viewport
 * (a rubber band reads as the edge it passed), `b = t + visual.height` and
 * `k = max(0, scale × (R × visual.width / layout.width − visual.height))` (`R` is
 * `restingHeight`, else `layout.height`; `k` is 0 when `layout.width` is 0): under
 * `resizes-visual` and `resizes-content` the keyboard is hidden when `k` is 0, below
 * `threshold` or `visual.width` is 0, else docked at
 * `{x: l, y: b, width: visual.width, height: k / scale}`; under `overlays-content` it is
 * `keyboardRect`, read as `keyboard` is (absent: hidden), and `threshold` does not apply.
 * A track's `keyboardHeight` (contract §11) is then the part of the layout viewport below
 * the visual viewport's bottom, `layout.height − b`, or, for a docked `overlays-content`
 * keyboard, below its top, `layout.height − keyboardRect.y`.
 *
 * `keyboardRect` is allowed only with `interactiveWidget: overlays-content` and
 * `restingHeight` only with `resizes-content`: otherwise 422 `conflicting-members` at that
 * member (the schema's `dependentSchemas`). `null` for `interactiveWidget`,
 * `restingHeight`, `keyboardRect` or `threshold` means absent; `null` for `layout` or
 * `visual` is `missing-member`.
 */
export interface Viewport {
  /**
   * The layout viewport's size: an element styled `position: fixed; inset: 0`, read with
   * `getBoundingClientRect()`. Not `innerHeight`: WebKit shrinks it under zoom.
   */
  layout: Size;
  /** `window.visualViewport`, as read. */
  visual: VisualViewport;
  /**
   * What the keyboard shrinks (the viewport meta tag's `interactive-widget`). Absent or
   * `null` means `resizes-visual`. A browser that ignores the page's `resizes-content`
   * behaves as `resizes-visual`; the formula reads either right.
   */
  interactiveWidget?: InteractiveWidget | null;
  /**
   * `resizes-content` only: the layout viewport's height before the keyboard came.
   * Absent or `null` means `layout.height`.
   */
  restingHeight?: number | null;
  /**
   * `overlays-content` only: `navigator.virtualKeyboard.boundingRect` (all zeros when no
   * keyboard shows). Absent or `null`: no keyboard.
   */
  keyboardRect?: Rect | null;
  /**
   * A keyboard shorter than this is none: the browser's own toolbars change the visual
   * viewport by less, and phones' keyboards are taller. An accessory bar alone is then not
   * avoided (send 0 while a field is focused to avoid it); `fixedBottom` clears it
   * either way. Absent or `null` means 150.
   * @default 150
   */
  threshold?: number | null;
}

/** The members of `AvoidRequest`, without the rule its `if`/`then`/`else` adds (see `AvoidRequest`). */
export interface AvoidRequestMembers {
  /**
   * The view that moves, is scrolled or is resized, in its unmoved position, in screen
   * coordinates (in window coordinates with `window`). In `scroll` mode, the scroll
   * view's frame.
   */
  container: Rect;
  /**
   * The focused input: in container coordinates for `translate` and `resize`, in
   * content coordinates for `scroll`.
   */
  field: Rect;
  /**
   * The keyboard's end frame in screen coordinates (`UIKeyboardFrameEndUserInfoKey`), or
   * `null` when the keyboard hides — send the `null`: it is the "keyboard will hide" call,
   * and the answer restores the layout. Required unless `keyboardHeight` or `viewport` is
   * sent instead.
   */
  keyboard?: Rect | null;
  /**
   * Instead of `keyboard`: a keyboard docked at the bottom of `screen`, full screen
   * width, this tall (with `window`, measured up from the screen's bottom, not the
   * window's). `null` means absent.
   */
  keyboardHeight?: number | null;
  /**
   * Instead of `keyboard` and `keyboardHeight`, on a web page: the viewport numbers the
   * page read (contract §13), from which the keyboard is derived; the answer then carries
   * `viewport`. With it, rects in screen coordinates are in layout-viewport coordinates
   * and `screen` is the layout viewport: `screen` and `window` must not be sent. `null`
   * means absent.
   */
  viewport?: Viewport | null;
  /**
   * The screen bounds in screen coordinates (`window.screen.bounds`). Default:
   * `container`. Send it when the container is not the whole screen: without it a
   * keyboard docked below a small container reads as hidden. Required with `window`:
   * only the screen's bottom tells a docked keyboard from a floating one. `null` means
   * absent. Not with `viewport`, whose layout viewport is the screen.
   */
  screen?: Rect | null;
  /**
   * The app window's frame in its screen's coordinate space (contract §15), for an app
   * that is not the whole screen (iPad Split View, Slide Over, Stage Manager). UIKit:
   * `window.convert(window.bounds, to: window.screen.coordinateSpace)`. With it
   * `container` is in window coordinates (`view.convert(view.bounds, to: nil)`) and the
   * service moves it by the window's origin into screen coordinates; `keyboard`,
   * `keyboardHeight` and `screen` stay as the OS reports them, on the window's screen (a
   * keyboard on another screen is sent as `keyboard: null`), and `screen` is required
   * (422 `missing-member` at `/screen` without it). The answer then carries `warnings`
   * when the numbers look like one of the platform's known misreports. An Android client
   * sends no `window`: its insets are already the window's. `null` means absent; a member
   * of it missing or `null` is 422 `missing-member`. Not with `viewport`.
   */
  window?: Rect | null;
  /** What an undocked keyboard does. Absent or `null` means `ignore`. */
  undocked?: UndockedPolicy | null;
  /**
   * The container's safe-area insets (in `scroll` mode, the scroll view's: send zeros
   * for `contentInsetAdjustmentBehavior = .never`). Default: zeros.
   */
  safeArea?: SafeAreaInsets | null;
  /**
   * The gap wanted between the field's bottom and the keyboard's top. Absent or `null`
   * means 10.
   */
  margin?: number | null;
  /** How the app avoids the keyboard. Absent or `null` means `translate`. */
  mode?: AvoidMode | null;
  /** The scroll view's current content offset. Required for `scroll`. */
  contentOffset?: Point | null;
  /** The scroll view's content size. Required for `scroll`. */
  contentSize?: Size | null;
  /**
   * The scroll view's own content inset, without any keyboard inset. Default: zeros.
   * Only `scroll` reads it.
   */
  contentInset?: Insets | null;
  /**
   * More to keep in view with the field, most important first (its label, its error
   * text, the button below it), in the same coordinates as `field`: at most 16 rects.
   * The target grows from the field through these rects, in order, while the mode's
   * `fits` holds; a rect that does not fit is skipped and later ones are still tried
   * (contract §4.5). The answer's `alsoRevealed` says which were kept. An item that is not
   * a rect (`null` included) is 422 `wrong-type` at `/alsoReveal/i`; more than 16 is
   * `too-many` at `/alsoReveal`. `null` means absent.
   */
  alsoReveal?: Rect[] | null;
  /** The keyboard notification's animation, echoed in the answer with what clients need. */
  animation?: Animation | null;
  /**
   * Whether the answer carries `track`: the layout at every keyboard height on the
   * keyboard's way in, as breakpoints of a piecewise-linear function of the height, so a
   * client that is told the keyboard's height each frame (an interactive dismissal, an
   * IME inset animation) maps it to its layout with no request (contract §11). Absent or
   * `null` means `false`; any other value that is not a boolean is 422 `wrong-type` at
   * `/track`.
   * @default false
   */
  track?: boolean | null;
}

/**
 * The geometry of one `/avoid` call (contract §3, §4). Unknown members are ignored; a `null`
 * optional member means the member is absent, except `keyboard`.
 *
 * The keyboard: send exactly one of `keyboard`, `keyboardHeight` and `viewport`.
 * `keyboard: null` is meaningful — the keyboard hides — and must be sent as `null`, not left
 * out: a client that drops `null` members (a generated Pydantic model dumped with
 * `exclude_none`) sends none of them and gets 422 `no-keyboard`. `keyboard` and a
 * `keyboardHeight` number is 422 `both-keyboard-and-height`; both errors point at
 * `/keyboard`. A `null` `keyboardHeight` is absent: `{"keyboard": null, "keyboardHeight":
 * null}` is a hidden keyboard. `viewport` (a web page's numbers, contract §13) together with
 * `keyboard` (`null` too), a `keyboardHeight` number, a `screen` or a `window` is 422
 * `conflicting-members` at `/viewport`; a `null` `viewport` is absent.
 *
 * `window` (an app window's frame on its screen, contract §15) requires `screen` (422
 * `missing-member` at `/screen`); `container` is then in window coordinates, and the answer
 * carries `warnings` when a rule of §15 matches. `mode: scroll` requires `contentOffset`
 * and `contentSize` (422 `missing-member` at the first one missing). These rules are the
 * schema's `allOf`, `if`/`then`/`else` and `dependentSchemas`, as is the bound on
 * `animation.frameRate` (see `Animation`).
 */
export type AvoidRequest = AvoidRequestMembers &
  ({ keyboard: Rect | null; keyboardHeight?: null; viewport?: null } |
   { viewport: Viewport; keyboardHeight?: null; screen?: null; window?: null; keyboard?: undefined } |
   { keyboardHeight: number; viewport?: null; keyboard?: undefined });

/**
 * How the messages follow the composer (contract §12): `always` keeps every message where
 * it was relative to the composer, both ways; `whenAtEnd` follows only when the newest
 * message was in view (within `endThreshold`), and then shows it exactly; `persistent`
 * follows the keyboard up but not back down; `never` moves nothing but the insets. Any
 * other value, case included, is 422 `unknown-value`.
 */
export type ChatLift = "always" | "whenAtEnd" | "persistent" | "never";

/** The members of `ChatRequest`, without the rule its `if`/`then`/`else` adds (see `ChatRequest`). */
export interface ChatRequestMembers {
  /**
   * The view holding the list and the composer, unmoved, in screen coordinates (in window
   * coordinates with `window`).
   */
  container: Rect;
  /** The message list's frame, in container coordinates. */
  list: Rect;
  /**
   * The composer bar where it rests with the keyboard hidden, at its current height
   * (grown lines included: it grows upward, its bottom where it was), in container
   * coordinates.
   */
  composer: Rect;
  /** The list's content offset now. */
  contentOffset: Point;
  /** The list's content size. */
  contentSize: Size;
  /** The list's own content inset, without the part `/chat` adds. Default: zeros. */
  contentInset?: Insets | null;
  /**
   * The part of the list's inset the last answer added: send back its `keyboardInset`.
   * Absent or `null`: the inset at rest (what this request answers with the keyboard
   * hidden). Below 0 is 422 `negative`.
   */
  keyboardInset?: number | null;
  /**
   * The list's safe-area insets in its own coordinates (an inverted list has the
   * screen's bottom as its `top`). Default: zeros.
   */
  safeArea?: SafeAreaInsets | null;
  /** How the messages follow the composer. Absent or `null` means `always`. */
  lift?: ChatLift | null;
  /**
   * How far from its newest end the list may be and still count as at the end. Absent or
   * `null` means 0; below 0 is 422 `negative`.
   */
  endThreshold?: number | null;
  /**
   * Whether the list is drawn upside down, offset `-top` showing the newest message at
   * the bottom (React Native's `inverted` lists). Absent or `null` means `false`; any
   * other value that is not a boolean is 422 `wrong-type`.
   * @default false
   */
  inverted?: boolean | null;
  /**
   * The keyboard's end frame in screen coordinates, or `null` when the keyboard hides —
   * send the `null`. Required unless `keyboardHeight` or `viewport` is sent instead.
   */
  keyboard?: Rect | null;
  /**
   * Instead of `keyboard`: a keyboard docked at the bottom of `screen`, full screen
   * width, this tall (with `window`, measured up from the screen's bottom, not the
   * window's). `null` means absent.
   */
  keyboardHeight?: number | null;
  /**
   * Instead of `keyboard` and `keyboardHeight`, on a web page: the viewport numbers the
   * page read (contract §13), from which the keyboard is derived; the answer then carries
   * `viewport`. With it, rects in screen coordinates are in layout-viewport coordinates
   * and `screen` is the layout viewport: `screen` and `window` must not be sent. `null`
   * means absent.
   */
  viewport?: Viewport | null;
  /**
   * The screen bounds in screen coordinates (`window.screen.bounds`). Default:
   * `container`. Required with `window`. `null` means absent. Not with `viewport`, whose
   * layout viewport is the screen.
   */
  screen?: Rect | null;
  /**
   * The app window's frame in its screen's coordinate space (contract §15), for an app
   * that is not the whole screen (iPad Split View, Slide Over, Stage Manager). UIKit:
   * `window.convert(window.bounds, to: window.screen.coordinateSpace)`. With it
   * `container` is in window coordinates (`view.convert(view.bounds, to: nil)`) and the
   * service moves it by the window's origin into screen coordinates; `keyboard`,
   * `keyboardHeight` and `screen` stay as the OS reports them, on the window's screen (a
   * keyboard on another screen is sent as `keyboard: null`), and `screen` is required
   * (422 `missing-member` at `/screen` without it). The answer then carries `warnings`
   * when the numbers look like one of the platform's known misreports. An Android client
   * sends no `window`: its insets are already the window's. `null` means absent; a member
   * of it missing or `null` is 422 `missing-member`. Not with `viewport`.
   */
  window?: Rect | null;
  /** What an undocked keyboard does. Absent or `null` means `ignore`. */
  undocked?: UndockedPolicy | null;
  /** The keyboard notification's animation, echoed in the answer with what clients need. */
  animation?: Animation | null;
  /**
   * Whether the answer carries `track`: the layout at every keyboard height on the
   * keyboard's way in (contract §11, §12). Absent or `null` means `false`; any other
   * value that is not a boolean is 422 `wrong-type` at `/track`.
   * @default false
   */
  track?: boolean | null;
}

/**
 * The geometry of one `/chat` call (contract §3, §12): a message list (a scroll view) with
 * a composer bar under it. Unknown members are ignored; a `null` optional member means the
 * member is absent, except `keyboard`. Only `y` and `height` of `list` and `composer`
 * enter the computation, though both are checked as whole rects.
 *
 * The keyboard: send exactly one of `keyboard`, `keyboardHeight` and `viewport`, as for
 * `AvoidRequest` (`keyboard: null` is the keyboard-will-hide call and must be sent; none is
 * 422 `no-keyboard`, `keyboard` and `keyboardHeight` `both-keyboard-and-height`, at
 * `/keyboard`; `viewport` with any of them, `screen` or `window` `conflicting-members` at
 * `/viewport`). `window` requires `screen`, and puts `container` in window coordinates
 * (contract §15). These rules are the schema's `allOf`, `if`/`then`/`else` and
 * `dependentSchemas`, as is the bound on `animation.frameRate` (see `AvoidRequest`).
 */
export type ChatRequest = ChatRequestMembers &
  ({ keyboard: Rect | null; keyboardHeight?: null; viewport?: null } |
   { viewport: Viewport; keyboardHeight?: null; screen?: null; window?: null; keyboard?: undefined } |
   { keyboardHeight: number; viewport?: null; keyboard?: undefined });

/** The members of `CaretFollowRequest`, without the rule its `if`/`then`/`else` adds (see `CaretFollowRequest`). */
export interface CaretFollowRequestMembers {
  /** The text view's frame in screen coordinates (in window coordinates with `window`). */
  textView: Rect;
  /** The caret in content coordinates: `caretRect(for: selectedTextRange.end)`. */
  caret: Rect;
  /** The text view's current content offset. */
  contentOffset: Point;
  /** The text view's current content size. */
  contentSize: Size;
  /** The base content inset, without the keyboard. Default: zeros. */
  contentInset?: Insets | null;
  /** The text view's safe-area insets. Default: zeros. */
  safeArea?: SafeAreaInsets | null;
  /**
   * The keyboard's end frame in screen coordinates, or `null` when no keyboard is shown
   * — send the `null`. Required unless `keyboardHeight` or `viewport` is sent instead.
   */
  keyboard?: Rect | null;
  /**
   * Instead of `keyboard`: a keyboard docked at the bottom of `screen`, full screen
   * width, this tall (with `window`, measured up from the screen's bottom, not the
   * window's). `null` means absent.
   */
  keyboardHeight?: number | null;
  /**
   * Instead of `keyboard` and `keyboardHeight`, on a web page: the viewport numbers the
   * page read (contract §13), from which the keyboard is derived; the answer then carries
   * `viewport`. With it, rects in screen coordinates are in layout-viewport coordinates
   * and `screen` is the layout viewport: `screen` and `window` must not be sent. `null`
   * means absent.
   */
  viewport?: Viewport | null;
  /**
   * The screen bounds in screen coordinates (`window.screen.bounds`). Default:
   * `textView`. Required with `window`. `null` means absent. Not with `viewport`, whose
   * layout viewport is the screen.
   */
  screen?: Rect | null;
  /**
   * The app window's frame in its screen's coordinate space (contract §15), for an app
   * that is not the whole screen (iPad Split View, Slide Over, Stage Manager). UIKit:
   * `window.convert(window.bounds, to: window.screen.coordinateSpace)`. With it
   * `textView` is in window coordinates (`view.convert(view.bounds, to: nil)`) and the
   * service moves it by the window's origin into screen coordinates; `keyboard`,
   * `keyboardHeight` and `screen` stay as the OS reports them, on the window's screen (a
   * keyboard on another screen is sent as `keyboard: null`), and `screen` is required
   * (422 `missing-member` at `/screen` without it). The answer then carries `warnings`
   * when the numbers look like one of the platform's known misreports. An Android client
   * sends no `window`: its insets are already the window's. `null` means absent; a member
   * of it missing or `null` is 422 `missing-member`. Not with `viewport`.
   */
  window?: Rect | null;
  /** What an undocked keyboard does. Absent or `null` means `ignore`. */
  undocked?: UndockedPolicy | null;
  /** Space kept above and below the caret. Absent or `null` means 0. */
  margin?: number | null;
  /** The caret rect is grown downward to at least this height. Absent or `null` means 0. */
  lineHeight?: number | null;
  /**
   * Whether the answer carries `track`: the layout at every keyboard height on the
   * keyboard's way in, as breakpoints of a piecewise-linear function of the height, so a
   * client that is told the keyboard's height each frame (an interactive dismissal, an
   * IME inset animation) maps it to its layout with no request (contract §11). Absent or
   * `null` means `false`; any other value that is not a boolean is 422 `wrong-type` at
   * `/track`.
   * @default false
   */
  track?: boolean | null;
}

/**
 * The geometry of one `/caret-follow` call (contract §3, §5). Unknown members are ignored; a
 * `null` optional member means the member is absent, except `keyboard`.
 *
 * The keyboard: send exactly one of `keyboard`, `keyboardHeight` and `viewport`.
 * `keyboard: null` is meaningful — no keyboard is shown — and must be sent as `null`, not
 * left out: a client that drops `null` members (a generated Pydantic model dumped with
 * `exclude_none`) sends none of them and gets 422 `no-keyboard`. `keyboard` and a
 * `keyboardHeight` number is 422 `both-keyboard-and-height`; both errors point at
 * `/keyboard`. A `null` `keyboardHeight` is absent: `{"keyboard": null, "keyboardHeight":
 * null}` is a hidden keyboard. `viewport` (contract §13) together with `keyboard` (`null`
 * too), a `keyboardHeight` number, a `screen` or a `window` is 422 `conflicting-members`
 * at `/viewport`. `window` (contract §15) requires `screen` (422 `missing-member` at
 * `/screen`) and puts `textView` in window coordinates. These rules are the schema's
 * `allOf`, `if`/`then`/`else` and `dependentSchemas`.
 */
export type CaretFollowRequest = CaretFollowRequestMembers &
  ({ keyboard: Rect | null; keyboardHeight?: null; viewport?: null } |
   { viewport: Viewport; keyboardHeight?: null; screen?: null; window?: null; keyboard?: undefined } |
   { keyboardHeight: number; viewport?: null; keyboard?: undefined });

/** The members of `SheetRequest`, without the rule its `if`/`then`/`else` adds (see `SheetRequest`). */
export interface SheetRequestMembers {
  /**
   * The view the sheet is presented in (usually the screen), in screen coordinates (in
   * layout-viewport coordinates with `viewport`; with `window`, in window coordinates:
   * in a window, its root view `{0, 0, window.width, window.height}`).
   */
  container: Rect;
  /** The container's safe-area insets. Default: zeros. */
  safeArea?: SafeAreaInsets | null;
  /**
   * The sheet's resting heights: the height of its content area above the bottom safe
   * area (UIKit's custom detent heights; a sheet library's snap points measured from the
   * container's bottom, less `safeArea.bottom`). 1 to 16 numbers ≥ 0: an empty array is
   * 422 `out-of-range` at `/detents`, more than 16 `too-many`; an item that is not a
   * number is `wrong-type`, a negative one `negative`, at `/detents/i`.
   */
  detents: number[];
  /**
   * The index in `detents` of the height the sheet rests at now, a detent the user dragged
   * to included (`2.0` reads as 2). Absent or `null` means 0. Outside `0 ≤ detent <
   * detents.length` is 422 `out-of-range` (checked once `detents` is valid).
   * @default 0
   */
  detent?: number | null;
  /**
   * With the keyboard up, the sheet keeps its height (`interactive`), goes to its tallest
   * detent (`extend`), or takes all the height there is (`fillParent`). Absent or `null`
   * means `interactive`.
   */
  keyboardBehavior?: KeyboardBehavior | null;
  /**
   * The least gap kept between the sheet's top and the top safe area (a navigation bar
   * the sheet must not cover). A library's top inset that already includes the safe area
   * is sent less `safeArea.top`. Absent or `null` means 0.
   * @default 0
   */
  topInset?: number | null;
  /**
   * The height at the sheet's top that does not scroll: its handle, title or search bar.
   * The scroll view fills the sheet below it. Absent or `null` means 0.
   * @default 0
   */
  header?: number | null;
  /**
   * The focused input in the sheet's scroll view, in content coordinates. Absent or `null`:
   * the answer places the sheet only (no `contentOffset`, no `fits`).
   */
  field?: Rect | null;
  /** The sheet's scroll view's content offset. Required with `field`. */
  contentOffset?: Point | null;
  /** The sheet's scroll view's content size. Required with `field`. */
  contentSize?: Size | null;
  /** The scroll view's own content inset. Default: zeros. */
  contentInset?: Insets | null;
  /**
   * The gap wanted below the field. Absent or `null` means 10.
   * @default 10
   */
  margin?: number | null;
  /**
   * The keyboard's end frame in screen coordinates, or `null` when the keyboard hides —
   * send the `null`: the sheet goes back to `detents[detent]` above the home indicator.
   * Required unless `keyboardHeight` or `viewport` is sent instead.
   */
  keyboard?: Rect | null;
  /**
   * Instead of `keyboard`: a keyboard docked at the bottom of `screen`, full screen
   * width, this tall (with `window`, measured up from the screen's bottom, not the
   * window's). `null` means absent.
   */
  keyboardHeight?: number | null;
  /**
   * Instead of `keyboard` and `keyboardHeight`, on a web page (a drawer): the viewport
   * numbers the page read (contract §13). `container` is then in layout-viewport
   * coordinates and `screen` and `window` must not be sent. `null` means absent.
   */
  viewport?: Viewport | null;
  /**
   * The screen bounds in screen coordinates (`window.screen.bounds`). Default:
   * `container`. Required with `window`. `null` means absent. Not with `viewport`, whose
   * layout viewport is the screen.
   */
  screen?: Rect | null;
  /**
   * The app window's frame in its screen's coordinate space (contract §15), for an app
   * that is not the whole screen (iPad Split View, Slide Over, Stage Manager). UIKit:
   * `window.convert(window.bounds, to: window.screen.coordinateSpace)`. With it
   * `container` is in window coordinates (`view.convert(view.bounds, to: nil)`) and the
   * service moves it by the window's origin into screen coordinates; `keyboard`,
   * `keyboardHeight` and `screen` stay as the OS reports them, on the window's screen (a
   * keyboard on another screen is sent as `keyboard: null`), and `screen` is required
   * (422 `missing-member` at `/screen` without it). The answer then carries `warnings`
   * when the numbers look like one of the platform's known misreports. An Android client
   * sends no `window`: its insets are already the window's. `null` means absent; a member
   * of it missing or `null` is 422 `missing-member`. Not with `viewport`.
   */
  window?: Rect | null;
  /** What an undocked keyboard does. Absent or `null` means `ignore`. */
  undocked?: UndockedPolicy | null;
  /** The keyboard notification's animation, echoed in the answer with what clients need. */
  animation?: Animation | null;
  /**
   * Whether the answer carries `track`: the sheet (and the field's scroll) at every
   * keyboard height on the keyboard's way in (contract §11, §14). Absent or `null` means
   * `false`; any other value that is not a boolean is 422 `wrong-type` at `/track`.
   * @default false
   */
  track?: boolean | null;
}

/**
 * The geometry of one `/sheet` call (contract §3, §13, §14): a bottom sheet presented in
 * `container`, resting at one of its `detents`, and optionally the focused field in its
 * scroll view. Unknown members are ignored; a `null` optional member means the member is
 * absent, except `keyboard`.
 *
 * With `C = container.height` and the keyboard's overlap (contract §3), the sheet's content
 * area ends at `floor = C − max(overlap, safeArea.bottom)` (on the keyboard, or above the
 * home indicator); its top goes no higher than `ceiling = safeArea.top + topInset`; it
 * wants `detents[detent]`, or with the keyboard up what `keyboardBehavior` says, and gets
 * that less what the ceiling cuts off (`shrunk` in the answer).
 *
 * The keyboard: send exactly one of `keyboard`, `keyboardHeight` and `viewport`, as for
 * `AvoidRequest` (the same problems at the same pointers). `window` requires `screen`, and
 * puts `container` in window coordinates (contract §15). `field` requires `contentOffset`
 * and `contentSize` (422 `missing-member` at the one missing). These rules are the schema's
 * `allOf`, `if`/`then`/`else` and `dependentSchemas`, as is the bound on
 * `animation.frameRate` (see `Animation`). `detent` must also be an index of `detents` (422
 * `out-of-range` outside, `not-an-integer` with a fraction): a rule between a number and an
 * array's length, which the schema does not carry.
 */
export type SheetRequest = SheetRequestMembers &
  ({ keyboard: Rect | null; keyboardHeight?: null; viewport?: null } |
   { viewport: Viewport; keyboardHeight?: null; screen?: null; window?: null; keyboard?: undefined } |
   { keyboardHeight: number; viewport?: null; keyboard?: undefined });

export interface AnswerPoint {
  x: number;
  y: number;
}

export interface AnswerRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface AnswerInsets {
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** How the service read the keyboard. */
export interface KeyboardAnswer {
  state: KeyboardState;
  /**
   * How many points at the bottom of the container the keyboard covers (0 when hidden,
   * or undocked under `ignore`, or not intersecting the container).
   */
  overlap: number;
}

/**
 * The request's animation, defaults filled in, with what each kind of client needs to move
 * with the keyboard (contract §6).
 */
export interface AnimationAnswer {
  /**
   * The request's `platform`, when it had one. With `android` (contract §6.1) the
   * animation holds only `platform`, `motionDuration` (0.285), `easing`
   * (`cubic-bezier(0.2, 0, 0, 1)`) and `frames`; otherwise `duration`, `curve`, `options`
   * and `timingFunction` are always present.
   */
  platform?: AnimationPlatform;
  /** The request's `duration` (default 0.25). */
  duration?: number;
  /** The request's `curve` (default 7). */
  curve?: number;
  /** `curve << 16`, the `UIView.AnimationOptions` raw value to pass on. */
  options?: number;
  /**
   * How long the motion really lasts, in seconds: 0 when `duration` is 0 (every curve);
   * else 0.5 for curve 7 (the keyboard's spring ignores the duration it is handed); else
   * `duration`.
   */
  motionDuration: number;
  /**
   * The curve as a CSS easing over `motionDuration`: `ease-in-out` (curve 0), `ease-in`
   * (1), `ease-out` (2), `linear` (3), `ease-in-out` (any other but 7), and for 7 a CSS
   * `linear(…)` function of at most 64 stops that stays within 0.005 of the keyboard's
   * spring — the same string in every answer.
   */
  easing: string;
  /**
   * Only when the request had `frameRate`: the motion's progress sampled at
   * `k / frameRate` seconds for k = 0 … n, n the smallest integer ≥ motionDuration ×
   * frameRate − 1e-9; the first is 0 (unless `motionDuration` is 0: then `[1]`), the last
   * exactly 1. Multiply them by the distance moved (`offset.y`, an inset change, a scroll
   * delta).
   */
  frames?: number[];
  timingFunction?: TimingFunction;
}

/**
 * Where an element with `position: fixed` goes on a web page (contract §13): the CSS
 * transform `translate(xpx, ypx) scale(scale)` puts it at that edge of the visible band, at
 * the size it has without zoom.
 */
export interface FixedTransform {
  x: number;
  y: number;
  /** `1 / visual.scale`. */
  scale: number;
}

/**
 * The answer's `viewport`, present only when the request sent `viewport` (contract §13),
 * always the answer's last member. The endpoint's other members are computed from the
 * keyboard the viewport gives.
 */
export interface ViewportAnswer {
  /**
   * `k`: the keyboard's height on screen, in CSS pixels of the page at scale 1; 0 when
   * hidden (`threshold` included). Not a track's `keyboardHeight`, which is measured in the
   * layout viewport.
   */
  keyboardHeight: number;
  /**
   * The part of the page that is on screen and not under the keyboard, in
   * layout-viewport coordinates: `{x: l, y: t, width: visual.width, height: v}`, where `v`
   * is `visual.height`, or, for an `overlays-content` keyboard that obstructs,
   * `clamp(keyboardRect.y − t, 0, visual.height)`.
   */
  visible: AnswerRect;
  /**
   * For an element fixed at `top: 0; left: 0` with `transform-origin: left top`:
   * `{x: l, y: t, scale: 1 / visual.scale}`.
   */
  fixedTop: FixedTransform;
  /**
   * For an element fixed at `bottom: 0; left: 0` with `transform-origin: left bottom`:
   * `{x: l, y: t + v − layout.height, scale: 1 / visual.scale}`.
   */
  fixedBottom: FixedTransform;
}

/**
 * The `track` of a `translate` answer, present only when the request had `track: true`
 * (contract §11): the answer at every keyboard height h from 0 (hidden) to H (the end
 * keyboard's height above the bottom of `screen`; 0 when the keyboard is hidden or
 * undocked, and then every array holds one number) as breakpoints of a piecewise-linear
 * function. Every array has one number per breakpoint: the member of the answer with the
 * keyboard at that height (the end frame moved down by H − h; for `keyboardHeight`, the
 * keyboard `keyboardHeight: h` describes). The value at h in [0, H]: with one breakpoint,
 * the only value; otherwise take the smallest i with h ≤ keyboardHeight[i + 1]; where
 * keyboardHeight[i + 1] > keyboardHeight[i] it is v[i] + (v[i + 1] − v[i]) · (h −
 * keyboardHeight[i]) / (keyboardHeight[i + 1] − keyboardHeight[i]), else (a jump) v[i]: at
 * a jump's own height the value before it holds. The last numbers are the answer's own
 * members; the first, when H > 0, the hidden keyboard's. Numbers are unrounded.
 */
export interface AvoidTrackTranslate {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `offset.y` at each breakpoint. */
  offsetY: number[];
}

/**
 * The `track` of a `scroll` answer, present only when the request had `track: true`
 * (contract §11): breakpoints and values read as `AvoidTrackTranslate` says.
 * `scrollIndicatorInsets` equals `contentInset` at every height.
 */
export interface AvoidTrackScroll {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `contentOffset.y` at each breakpoint. */
  contentOffsetY: number[];
  /** The answer's `contentInset.bottom` at each breakpoint. */
  contentInsetBottom: number[];
}

/**
 * The `track` of a `resize` answer, present only when the request had `track: true`
 * (contract §11): breakpoints and values read as `AvoidTrackTranslate` says.
 */
export interface AvoidTrackResize {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `bottomInset` at each breakpoint. */
  bottomInset: number[];
  /** The answer's `additionalSafeAreaInsets.bottom` at each breakpoint. */
  additionalSafeAreaBottom: number[];
  /** The answer's `visible.height` at each breakpoint. */
  visibleHeight: number[];
}

/**
 * The `track` of a `/caret-follow` answer, present only when the request had `track: true`
 * (contract §11): breakpoints and values read as `AvoidTrackTranslate` says. The caret is
 * revealed at every height, so the scroll follows the keyboard as it comes in.
 * `scrollIndicatorInsets` equals `contentInset` at every height.
 */
export interface CaretFollowTrack {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `contentOffset.y` at each breakpoint. */
  contentOffsetY: number[];
  /** The answer's `contentInset.bottom` at each breakpoint. */
  contentInsetBottom: number[];
}

/**
 * The `track` of a `/chat` answer for an ordinary list, present only when the request had
 * `track: true` (contract §11, §12): the answer at keyboard height `h` is the request with
 * the keyboard at `h` (`keyboardInset` and `contentOffset` as sent); breakpoints and
 * values read as `AvoidTrackTranslate` says. `scrollIndicatorInsets` equals `contentInset`
 * at every height.
 */
export interface ChatTrack {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `composerOffset.y` at each breakpoint. */
  composerOffsetY: number[];
  /** The answer's `keyboardInset` at each breakpoint. */
  keyboardInset: number[];
  /** The answer's `contentOffset.y` at each breakpoint. */
  contentOffsetY: number[];
  /** The answer's `contentInset.bottom` at each breakpoint. */
  contentInsetBottom: number[];
}

/**
 * The `track` of a `/chat` answer for an `inverted` list: as `ChatTrack`, with
 * `contentInsetTop` (the keyboard side of an inverted list) in place of
 * `contentInsetBottom`.
 */
export interface ChatTrackInverted {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `composerOffset.y` at each breakpoint. */
  composerOffsetY: number[];
  /** The answer's `keyboardInset` at each breakpoint. */
  keyboardInset: number[];
  /** The answer's `contentOffset.y` at each breakpoint. */
  contentOffsetY: number[];
  /** The answer's `contentInset.top` at each breakpoint. */
  contentInsetTop: number[];
}

/**
 * The `track` of a `/chat` answer: `ChatTrack` for an ordinary list, `ChatTrackInverted`
 * for an inverted one (told apart by `contentInsetBottom` or `contentInsetTop`).
 */
export type ChatAnswerTrack = ChatTrack | ChatTrackInverted;

/**
 * `mode` is `translate`. Shift the container by `offset` (`y` ≤ 0). `fits` is false when
 * the field (with what `alsoReveal` added) is taller than the room left: its top stays
 * visible.
 */
export interface TranslateAnswer {
  mode: "translate";
  keyboard: KeyboardAnswer;
  offset: AnswerPoint;
  fits: boolean;
  animation?: AnimationAnswer;
  /**
   * Only when the request had `alsoReveal`: one boolean per rect, in order — whether it
   * was kept in view with the field, as far as this mode avoids the keyboard (contract §4.5).
   */
  alsoRevealed?: boolean[];
  track?: AvoidTrackTranslate;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * `mode` is `scroll`. Set the scroll view's `contentInset` and `scrollIndicatorInsets`
 * (the base inset plus the overlap less the bottom safe area, never less than the base
 * inset) and scroll to
 * `contentOffset` (clamped to the content). `fits` says whether the field and margin are
 * in view afterwards.
 */
export interface ScrollAnswer {
  mode: "scroll";
  keyboard: KeyboardAnswer;
  contentOffset: AnswerPoint;
  contentInset: AnswerInsets;
  scrollIndicatorInsets: AnswerInsets;
  fits: boolean;
  animation?: AnimationAnswer;
  /**
   * Only when the request had `alsoReveal`: one boolean per rect, in order — whether it
   * was kept in view with the field, as far as this mode avoids the keyboard (contract §4.5).
   */
  alsoRevealed?: boolean[];
  track?: AvoidTrackScroll;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * `mode` is `resize`. The container gives up its bottom `bottomInset` points; UIKit
 * clients set `additionalSafeAreaInsets`; `visible` is the part left, in container
 * coordinates. `fits` says whether the field and margin lie inside it, below the top safe
 * area.
 */
export interface ResizeAnswer {
  mode: "resize";
  keyboard: KeyboardAnswer;
  bottomInset: number;
  additionalSafeAreaInsets: AnswerInsets;
  visible: AnswerRect;
  fits: boolean;
  animation?: AnimationAnswer;
  /**
   * Only when the request had `alsoReveal`: one boolean per rect, in order — whether it
   * was kept in view with the field, as far as this mode avoids the keyboard (contract §4.5).
   */
  alsoRevealed?: boolean[];
  track?: AvoidTrackResize;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * The answer for the request's `mode`, told apart by `mode`. `animation` only when the
 * request had one, `alsoRevealed` only when it had `alsoReveal`, `track` (the mode's own
 * track schema) only when it had `track: true`, `viewport` (the last member) only when it
 * sent `viewport`, `warnings` only when it sent `window` and a rule of contract §15
 * matched.
 */
export type AvoidAnswer = TranslateAnswer | ScrollAnswer | ResizeAnswer;

/**
 * Set `contentInset` and `scrollIndicatorInsets` and scroll to `contentOffset`.
 * `changed`: the offset differs from the request's. `caretVisible`: the caret and its
 * margin are in view afterwards. `track` only when the request had `track: true`,
 * `viewport` (the last member) only when it sent `viewport`, `warnings` only when it sent
 * `window` and a rule of contract §15 matched.
 */
export interface CaretFollowAnswer {
  keyboard: KeyboardAnswer;
  contentOffset: AnswerPoint;
  contentInset: AnswerInsets;
  scrollIndicatorInsets: AnswerInsets;
  changed: boolean;
  caretVisible: boolean;
  track?: CaretFollowTrack;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * Move the composer by `composerOffset` (`y` ≤ 0: it rides on the keyboard); set the
 * list's `contentInset` and `scrollIndicatorInsets` (its own inset plus `keyboardInset` on
 * its keyboard side: the bottom, or the top when inverted) and scroll it to
 * `contentOffset`. Send `keyboardInset` back with the next request. `atEnd`: the list was
 * at its newest end, within `endThreshold`, before the move. `animation` only when the
 * request had one, `track` only when it had `track: true` (`ChatTrackInverted` for an
 * inverted list), `viewport` (the last member) only when it sent `viewport`, `warnings`
 * only when it sent `window` and a rule of contract §15 matched.
 */
export interface ChatAnswer {
  keyboard: KeyboardAnswer;
  composerOffset: AnswerPoint;
  keyboardInset: number;
  contentOffset: AnswerPoint;
  contentInset: AnswerInsets;
  scrollIndicatorInsets: AnswerInsets;
  atEnd: boolean;
  animation?: AnimationAnswer;
  track?: ChatAnswerTrack;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * A sheet's content area (contract §14), in container coordinates: its top `y` and its
 * `height`, header included. Its width is the app's.
 */
export interface SheetFrame {
  y: number;
  height: number;
}

/**
 * The `track` of a `/sheet` answer, present only when the request had `track: true`
 * (contract §11, §14): the answer at keyboard height `h` is the request with the keyboard
 * at `h`; breakpoints and values read as `AvoidTrackTranslate` says. `contentOffsetY` only
 * when the request had `field`.
 */
export interface SheetTrack {
  /**
   * The breakpoints: the keyboard's height above the bottom of `screen`,
   * `0 = h0 ≤ h1 ≤ … ≤ hn = H`. Two equal consecutive breakpoints mark a jump.
   */
  keyboardHeight: number[];
  /** The overlap (contract §3) of the answer at each breakpoint. */
  overlap: number[];
  /** The answer's `sheet.y` at each breakpoint. */
  sheetY: number[];
  /** The answer's `sheet.height` at each breakpoint. */
  sheetHeight: number[];
  /** Only with `field`: the answer's `contentOffset.y` at each breakpoint. */
  contentOffsetY?: number[];
}

/**
 * Place the sheet's content area at `sheet` (its top `y` and `height`, in container
 * coordinates, header included) and extend its background over the `bottomInset` below it
 * (the keyboard, or the home indicator's strip), or pad its footer by it. `shrunk`: the
 * ceiling cut the sheet below the height it wanted. With `field`, scroll the sheet's
 * scroll view to `contentOffset` (it needs no keyboard inset: the sheet sits on the
 * keyboard); `fits` says whether the field and `margin` are in view afterwards.
 * `animation` only when the request had one, `track` only when it had `track: true`,
 * `viewport` (last) only when it sent `viewport`, `warnings` only when it sent `window` and
 * a rule of contract §15 matched.
 */
export interface SheetAnswer {
  keyboard: KeyboardAnswer;
  sheet: SheetFrame;
  /** `container.height − floor`: the strip below the content area, `max(overlap, safeArea.bottom)`. */
  bottomInset: number;
  /** The ceiling (the top safe area and `topInset`) cut the sheet below the height it wanted. */
  shrunk: boolean;
  /** Only with `field`: the scroll view's content offset, the field revealed and clamped. */
  contentOffset?: AnswerPoint;
  /** Only with `field`: the field and `margin` lie in the scroll view's viewport afterwards. */
  fits?: boolean;
  animation?: AnimationAnswer;
  track?: SheetTrack;
  viewport?: ViewportAnswer;
  /**
   * Only when the request had `window` and a rule of contract §15 matched: the rules it
   * matched, in `WindowWarning`'s order, each at most once. A warning is not an error: the
   * answer is the one the numbers as sent give.
   */
  warnings?: WindowWarning[];
}

/**
 * One element of a `/avoid/batch` answer: the answer to the request at that index, or —
 * when that request breaks the contract — its problem, with `pointer` prefixed by the
 * index (`/3/keyboard/height`). An element with a `status` member is a problem; answers
 * never have one.
 */
export type AvoidBatchItem =
  | TranslateAnswer
  | ScrollAnswer
  | ResizeAnswer
  | ValidationProblem
  | ItemTooLargeProblem;

/**
 * One element of a `/caret-follow/batch` answer: the answer to the request at that index,
 * or its problem, with `pointer` prefixed by the index. An element with a `status` member
 * is a problem; answers never have one.
 */
export type CaretFollowBatchItem = CaretFollowAnswer | ValidationProblem | ItemTooLargeProblem;

/**
 * One element of a `/chat/batch` answer: the answer to the request at that index, or its
 * problem, with `pointer` prefixed by the index. An element with a `status` member is a
 * problem; answers never have one.
 */
export type ChatBatchItem = ChatAnswer | ValidationProblem | ItemTooLargeProblem;

/**
 * One element of a `/sheet/batch` answer: the answer to the request at that index, or its
 * problem, with `pointer` prefixed by the index. An element with a `status` member is a
 * problem; answers never have one.
 */
export type SheetBatchItem = SheetAnswer | ValidationProblem | ItemTooLargeProblem;

export interface Health {
  status: "ok";
}

export interface Ready {
  status: "ready";
}

/** This OpenAPI document, as a YAML reader parses it. */
export interface OpenAPIDocument {
  openapi: "3.1.0";
  info: unknown;
  paths: unknown;
}

/** An RFC 9457 problem. */
export interface Problem {
  /**
   * `about:blank`: every problem that is not a 422 is told by its status and `title`
   * (a draining instance's `/readyz` answers 503 with the title `Draining`), except the
   * `401` of a server with access keys, `urn:layoutd:problem:unauthorized`
   * (`UnauthorizedProblem`).
   */
  type: string;
  /** A short summary of the problem type. */
  title: string;
  /** The HTTP status code. */
  status: number;
  /** What went wrong with this request, for a person. */
  detail: string;
  /** The JSON Pointer (RFC 6901) of the offending request member. */
  pointer?: string;
}

/**
 * A batch item larger than a single request may be (`--max-body-bytes`, 64 KiB by
 * default): the 413 problem its single route would answer, `pointer` the item's index.
 */
export interface ItemTooLargeProblem {
  type: "about:blank";
  /** A short summary of the problem. */
  title: string;
  /** The HTTP status code, 413. */
  status: number;
  /** What went wrong with this item, for a person. */
  detail: string;
  /** The item's index as a JSON Pointer (`/3`). */
  pointer: string;
}

/**
 * The `401` of a layoutd started with `--api-keys`: the request carries no
 * `Authorization: Bearer KEY`, or a key that is not in force (see `WWW-Authenticate`).
 */
export interface UnauthorizedProblem {
  type: "urn:layoutd:problem:unauthorized";
  /** `Unauthorized`. */
  title: string;
  /** The HTTP status code, 401. */
  status: number;
  /** Whether a key was missing or not in force, and what to send; never the key. */
  detail: string;
}

/**
 * A 422 problem: valid JSON that breaks the contract. `type` names the broken rule,
 * `pointer` the member (`""` for the whole body; for "both" and "neither" keyboard
 * members, `/keyboard`; for `viewport` with `keyboard`, `keyboardHeight`, `screen` or
 * `window`, `/viewport`; for `window` without `screen`, `/screen`). `status` is always 422. In a batch answer the same object stands
 * for one item, its `pointer` prefixed by the item's index.
 */
export interface ValidationProblem {
  type: ProblemType;
  /** A short summary of the rule. */
  title: string;
  /** The HTTP status code, 422. */
  status: number;
  /** What went wrong with this request, for a person. */
  detail: string;
  /** The JSON Pointer (RFC 6901) of the offending request member. */
  pointer: string;
}
// ---- END TYPES GENERATED FROM openapi.yaml ----
