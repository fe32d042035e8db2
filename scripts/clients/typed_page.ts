// A page written against layoutd.d.ts, as a user of GET /layoutd.js writes it in TypeScript:
// typed requests, the answers narrowed on `mode`, a problem's type. scripts/checks/81-web-types
// compiles it with `tsc --strict --noEmit` beside layoutd.js and layoutd.d.ts as the service
// serves them, then compiles copies with one mistake each (a misspelled member, a missing
// keyboard, an unknown mode …) that must not compile. Compiled only, never run.
import {
  animateAnswer,
  avoid,
  caretFollow,
  chat,
  followChat,
  followKeyboard,
  followSheet,
  followViewport,
  LayoutdError,
  motionTiming,
  placeFixedBars,
  readViewport,
  sheet,
  trackAt,
} from "./layoutd.js";
import type {
  AvoidAnswer,
  AvoidBatchItem,
  AvoidRequest,
  CaretFollowRequest,
  ChatLift,
  ChatRequest,
  AvoidTrackTranslate,
  FixedTransform,
  KeyboardState,
  KeyboardTrack,
  ProblemType,
  Rect,
  SheetAnswer,
  SheetTrack,
  TrackValues,
  UnauthorizedProblem,
  Viewport,
  WindowWarning,
} from "./layoutd.js";
import type { SheetRequest } from "./layoutd.js";

const screen: Rect = { x: 0, y: 0, width: 390, height: 844 };
const field: Rect = { x: 20, y: 700, width: 350, height: 44 };

const show: AvoidRequest = {
  container: screen,
  field,
  keyboardHeight: 336,
  safeArea: { top: 47, bottom: 34 },
  animation: { duration: 0.25, curve: 7, frameRate: 60 },
};
const hide: AvoidRequest = { container: screen, field, keyboard: null, safeArea: { top: 47, bottom: 34 } };
const scroll: AvoidRequest = {
  container: screen,
  field: { x: 20, y: 1500, width: 350, height: 44 },
  keyboard: { x: 0, y: 508, width: 390, height: 336 },
  mode: "scroll",
  contentOffset: { x: 0, y: 1000 },
  contentSize: { width: 390, height: 3000 },
  alsoReveal: [{ x: 20, y: 1550, width: 350, height: 20 }],
};

/** How far the answer moves the layout, read from the members its mode has. */
function distance(answer: AvoidAnswer): number {
  switch (answer.mode) {
    case "translate":
      return -answer.offset.y;
    case "scroll":
      return answer.contentOffset.y + answer.contentInset.bottom;
    case "resize":
      return answer.visible.height > 0 ? answer.bottomInset : 0;
  }
}

async function avoidTheKeyboard(main: HTMLElement): Promise<string> {
  const answer = await avoid(show, { baseURL: "http://127.0.0.1:8080" });
  const state: KeyboardState = answer.keyboard.state;
  const frames: number[] = answer.animation?.frames ?? [];
  const motion: Animation = animateAnswer(main, answer, { reducedMotion: false });
  motion.pause();
  const timing = motionTiming(answer);
  if (answer.mode === "translate" && answer.fits && state === "docked") {
    return `${answer.offset.y}px over ${timing.duration} ms (${timing.easing}), ${frames.length} frames`;
  }
  const restored = await avoid(hide, { signal: new AbortController().signal });
  const scrolled = await avoid(JSON.stringify(scroll));
  if (scrolled.mode === "scroll") {
    const kept: boolean[] = scrolled.alsoRevealed ?? [];
    return `${scrolled.scrollIndicatorInsets.bottom} ${kept.join(",")} ${distance(restored)}`;
  }
  return String(distance(scrolled));
}

async function followTheCaret(textView: HTMLElement): Promise<boolean> {
  const request: CaretFollowRequest = {
    textView: screen,
    caret: { x: 120, y: 1500, width: 2, height: 20 },
    contentOffset: { x: 0, y: 1000 },
    contentSize: { width: 390, height: 3000 },
    keyboard: null,
    lineHeight: 22,
  };
  const answer = await caretFollow(request, { fetch: window.fetch.bind(window) });
  animateAnswer(textView, answer, { property: "padding-bottom" });
  return answer.caretVisible && answer.changed && answer.contentOffset.y >= 0;
}

/** Follows the keyboard with a translate answer's track, with no request per frame (contract §11). */
async function followTheKeyboard(main: HTMLElement): Promise<number> {
  const answer = await avoid({ ...show, track: true });
  if (answer.mode !== "translate" || !answer.track) return 0;
  const track: AvoidTrackTranslate = answer.track;
  const end = track.keyboardHeight[track.keyboardHeight.length - 1];
  const halfway: TrackValues<AvoidTrackTranslate> = trackAt(track, end / 2);
  const stop: () => void = followKeyboard(main, answer, {
    keyboardHeight: () => end,
    onChange: (values) => console.log(values.offsetY),
  });
  stop();
  return halfway.offsetY + halfway.overlap;
}

/** A chat screen: the composer and the list follow the keyboard's track (contract §12). */
async function followTheChat(list: HTMLElement, composer: HTMLElement, lift: ChatLift): Promise<number> {
  const request: ChatRequest = {
    container: screen,
    list: { x: 0, y: 0, width: 390, height: 760 },
    composer: { x: 0, y: 760, width: 390, height: 50 },
    contentOffset: { x: 0, y: 2240 },
    contentSize: { width: 390, height: 3000 },
    keyboard: { x: 0, y: 508, width: 390, height: 336 },
    lift,
    inverted: false,
    track: true,
  };
  const answer = await chat(request);
  const stop: () => void = followChat(list, composer, answer, {
    onChange: (values) => console.log(values.composerOffsetY),
  });
  stop();
  return answer.keyboardInset + answer.composerOffset.y;
}

/** A web page sends what it reads of its viewports (contract §13); a bar fixed at the bottom follows `fixedBottom`. */
async function placeTheBottomBar(bar: HTMLElement): Promise<string> {
  const pannedBySafari: Viewport = {
    layout: { width: 390, height: 664 },
    visual: { offsetLeft: 0, offsetTop: 157.5, width: 390, height: 377, scale: 1 },
    interactiveWidget: "resizes-visual",
  };
  const page: Rect = { x: 0, y: 0, width: 390, height: 664 };
  const request: AvoidRequest = { container: page, field: { ...field, y: 560 }, viewport: pannedBySafari };
  const answer = await avoid(request);
  const fixed: FixedTransform | undefined = answer.viewport?.fixedBottom;
  if (fixed) bar.style.transform = `translate(${fixed.x}px, ${fixed.y}px) scale(${fixed.scale})`;
  return bar.style.transform;
}

/** Where a bottom sheet's top is at keyboard height `h`, from a `/sheet` answer's track (contract §14). */
function sheetTopAt(answer: SheetAnswer, h: number): number {
  if (!answer.track) return answer.sheet.y;
  const values: TrackValues<SheetTrack> = trackAt(answer.track, h);
  return values.sheetY;
}

/** The scroll offset of any track at a height, whichever mode it came from. */
function scrollAt(track: KeyboardTrack, h: number): number {
  const values = trackAt(track, h);
  return "contentOffsetY" in values ? (values.contentOffsetY ?? 0) : 0;
}

/** The rule a rejected call broke, or why else it failed. */
function ruleBroken(error: unknown): ProblemType | UnauthorizedProblem["type"] | "about:blank" | "not layoutd" {
  if (!(error instanceof LayoutdError)) return "not layoutd";
  if (error.type === "urn:layoutd:problem:negative" && error.pointer === "/keyboard/height") {
    return error.type;
  }
  return error.status === 422 ? error.type : "about:blank";
}

/** A layoutd started with --api-keys: the key on the call, and a refusal read as a problem. */
async function avoidWithAKey(key: string): Promise<string> {
  try {
    const answer = await avoid(show, { baseURL: "https://layoutd.example.com", apiKey: key });
    return answer.mode;
  } catch (error) {
    if (error instanceof LayoutdError && error.status === 401 && error.type === "urn:layoutd:problem:unauthorized") {
      return `ask for another key: ${error.problem.detail}`;
    }
    throw error;
  }
}

/** A web page's fixed bars on the visible band, and its field above the keyboard (contract §13). */
function followTheViewport(header: HTMLElement, footer: HTMLElement, page: HTMLElement): () => void {
  const viewport = readViewport({ threshold: 120 });
  if (viewport.interactiveWidget === "overlays-content" && viewport.keyboardRect) {
    console.log(`keyboard at ${viewport.keyboardRect.y}`);
  }
  return followViewport(
    (reading) => ({ container: { x: 0, y: 0, ...reading.layout }, field, margin: 12 }),
    (answer, body) => {
      placeFixedBars(answer.viewport, { top: header, bottom: footer });
      const shift = answer.mode === "translate" ? answer.offset.y : 0;
      page.style.transform = `translateY(${shift}px)`;
      console.log(answer.viewport.fixedBottom.y, body.viewport.visual.scale);
    },
    { baseURL: "http://127.0.0.1:8080", onError: (error) => console.warn(error) },
  );
}

/** A comment sheet riding the keyboard, placed from a web page's viewport (contract §14). */
async function followTheSheet(box: HTMLElement, comments: HTMLElement): Promise<() => void> {
  const request: SheetRequest = {
    container: screen,
    safeArea: { top: 47, bottom: 34 },
    detents: [300, 600],
    keyboardBehavior: "extend",
    header: 56,
    field: { x: 16, y: 400, width: 358, height: 44 },
    contentOffset: { x: 0, y: 0 },
    contentSize: { width: 390, height: 900 },
    keyboard: { x: 0, y: 508, width: 390, height: 336 },
    track: true,
  };
  const answer = await sheet(request);
  console.log(answer.sheet.y, answer.bottomInset, answer.shrunk, answer.contentOffset?.y);
  const stopSheet = followSheet(box, answer, { scrollView: comments, onChange: ({ sheetY }) => console.log(sheetY) });
  const stopViewport = followViewport(
    { container: screen, detents: [420] },
    (placed) => console.log(placed.sheet.height, placed.viewport.visible.height),
    { endpoint: "/sheet" },
  );
  return () => {
    stopSheet();
    stopViewport();
  };
}

export { followTheSheet, followTheViewport };

/** An app in an iPad window (contract §15): its frame on the screen, the container in the window's. */
async function avoidInAWindow(): Promise<string> {
  const request: AvoidRequest = {
    window: { x: 602, y: 0, width: 592, height: 834 },
    screen: { x: 0, y: 0, width: 1194, height: 834 },
    container: { x: 0, y: 0, width: 592, height: 834 },
    field: { x: 20, y: 600, width: 552, height: 44 },
    keyboard: { x: 0, y: 436, width: 1194, height: 398 },
  };
  const answer = await avoid(request);
  const warnings: WindowWarning[] = answer.warnings ?? [];
  return warnings.includes("screen-is-window") ? "send the screen's bounds" : `${answer.keyboard.overlap}`;
}

/** The answers of a batch, problems left out (a problem is the element with a `status`). */
function answersOf(items: AvoidBatchItem[]): AvoidAnswer[] {
  const answers: AvoidAnswer[] = [];
  for (const item of items) {
    if ("status" in item) console.warn(`${item.pointer}: ${item.type}`);
    else answers.push(item);
  }
  return answers;
}

export {
  answersOf,
  avoidInAWindow,
  avoidTheKeyboard,
  avoidWithAKey,
  followTheCaret,
  followTheChat,
  followTheKeyboard,
  placeTheBottomBar,
  ruleBroken,
  scrollAt,
  sheetTopAt,
};
