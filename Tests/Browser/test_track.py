"""contract §11 in a real browser: layoutd.js's trackAt and followKeyboard, and the playground's track.

- trackAt (GET /layoutd.js, run in Chromium) at 200 heights of each layout — every mode, keyboards
  given by height and by frame, companions that drop — equals the service's own answer to the same
  request with the keyboard at that height, within the contract's 1e-6 × max(1, |v|); heights within
  1e-6 of a breakpoint are left out, as §11 does, and the ends are checked on their own.
- followKeyboard moves an element as each dispatched visualViewport `resize` (and VirtualKeyboard
  `geometrychange`) says, sends no request, and stops once the function it returns is called.
- The playground's "On its way" slider and the keyboard's top edge move the drawing along the
  track with no request (fetch is counted), and its plot marks breakpoints and the companion's jump.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_track.py
"""

import copy
import json
import os
import unittest

from browser import ARTIFACTS, BASE, WAIT, BrowserTest, PlaygroundPage, post

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

PHONE = {"x": 0, "y": 0, "width": 390, "height": 844}
SAFE = {"top": 47, "left": 0, "bottom": 34, "right": 0}
KEYBOARD = {"x": 0, "y": 508, "width": 390, "height": 336}

# (name, endpoint, request without `track`): every mode, both ways of giving the keyboard, jumps at
# 0 and inside, companions that drop, a container smaller than the screen.
LAYOUTS = [
    ("translate", "/avoid", {"container": PHONE, "safeArea": SAFE, "keyboard": KEYBOARD,
                             "field": {"x": 20, "y": 700, "width": 350, "height": 44}, "margin": 10}),
    ("translate jump at 0", "/avoid", {"container": PHONE, "keyboardHeight": 300,
                                       "field": {"x": 20, "y": 800, "width": 350, "height": 40}}),
    ("translate stops at room", "/avoid", {"container": PHONE, "safeArea": {"top": 47}, "keyboardHeight": 336,
                                           "field": {"x": 20, "y": 200, "width": 350, "height": 560}}),
    ("translate sheet", "/avoid", {"container": {"x": 0, "y": 0, "width": 390, "height": 600}, "screen": PHONE,
                                   "keyboard": KEYBOARD, "field": {"x": 20, "y": 500, "width": 350, "height": 44}}),
    ("translate companion drops", "/avoid", {
        "container": PHONE, "safeArea": {"top": 47}, "keyboardHeight": 336, "margin": 10,
        "field": {"x": 20, "y": 100, "width": 350, "height": 44},
        "alsoReveal": [{"x": 20, "y": 700, "width": 350, "height": 50}]}),
    ("scroll", "/avoid", {"mode": "scroll", "container": PHONE, "safeArea": SAFE, "keyboardHeight": 336,
                          "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": 390, "height": 1200},
                          "field": {"x": 20, "y": 700, "width": 350, "height": 44}}),
    ("scroll clamped jump", "/avoid", {"mode": "scroll", "container": PHONE, "safeArea": SAFE, "keyboard": KEYBOARD,
                                       "contentOffset": {"x": 0, "y": 56}, "contentSize": {"width": 390, "height": 900},
                                       "field": {"x": 20, "y": 850, "width": 350, "height": 44}}),
    ("scroll companion drops", "/avoid", {
        "mode": "scroll", "container": PHONE, "safeArea": {"top": 47, "bottom": 34}, "keyboardHeight": 336,
        "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": 390, "height": 1400}, "margin": 10,
        "field": {"x": 20, "y": 300, "width": 350, "height": 44},
        "alsoReveal": [{"x": 20, "y": 1000, "width": 350, "height": 50}]}),
    ("resize", "/avoid", {"mode": "resize", "container": PHONE, "safeArea": {"bottom": 34}, "keyboardHeight": 336,
                          "field": {"x": 20, "y": 700, "width": 350, "height": 44}}),
    ("resize sheet, companion drops", "/avoid", {
        "mode": "resize", "container": {"x": 0, "y": 0, "width": 390, "height": 600}, "screen": PHONE,
        "safeArea": {"top": 47}, "keyboard": KEYBOARD, "margin": 10,
        "field": {"x": 20, "y": 300, "width": 350, "height": 44},
        "alsoReveal": [{"x": 20, "y": 500, "width": 350, "height": 40}]}),
    ("caret-follow", "/caret-follow", {"textView": PHONE, "keyboardHeight": 336,
                                       "caret": {"x": 100, "y": 700, "width": 2, "height": 20},
                                       "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": 390, "height": 2000}}),
    ("caret-follow under a status bar", "/caret-follow", {
        "textView": {"x": 0, "y": 47, "width": 390, "height": 797}, "screen": PHONE, "keyboard": KEYBOARD,
        "safeArea": {"bottom": 34}, "caret": {"x": 100, "y": 640, "width": 2, "height": 18}, "lineHeight": 22,
        "margin": 8, "contentOffset": {"x": 0, "y": 40}, "contentSize": {"width": 390, "height": 900}}),
]

SAMPLES = 200
# Heights lie on a 1/1024-point grid, where the service's arithmetic on these layouts is exact
# (docs/contract.md §11: off such a grid IEEE rounding can flip a scroll `fits` the track keeps).
GRID = 1024


def members(endpoint, answer):
    """The numbers a track records, by member name, read from a plain answer."""
    values = {"overlap": answer["keyboard"]["overlap"]}
    if endpoint == "/caret-follow" or answer["mode"] == "scroll":
        values.update(contentOffsetY=answer["contentOffset"]["y"], contentInsetBottom=answer["contentInset"]["bottom"])
    elif answer["mode"] == "translate":
        values.update(offsetY=answer["offset"]["y"])
    else:
        values.update(bottomInset=answer["bottomInset"],
                      additionalSafeAreaBottom=answer["additionalSafeAreaInsets"]["bottom"],
                      visibleHeight=answer["visible"]["height"])
    return values


def at_height(request, end, h):
    """The same request with the keyboard at height h (contract §11), without track."""
    moved = copy.deepcopy(request)
    moved.pop("track", None)
    if "keyboardHeight" in moved:
        moved["keyboardHeight"] = h
    else:
        moved["keyboard"]["y"] += end - h
    return moved


def sample_heights(breakpoints, end):
    """200 heights in [0, H]: each breakpoint's neighbourhood, then an even spread; none within 1e-6 of a breakpoint."""
    on_grid = lambda h: round(h * GRID) / GRID
    wanted = []
    for b in sorted(set(breakpoints)):
        for d in (2 ** -16, 2 ** -10, 2 ** -4, 0.5, 2, 7):
            wanted += [b - d, b + d]
    k = 0
    while len(set(wanted)) < SAMPLES * 2:
        k += 1
        wanted.append(on_grid(end * ((k * 0.6180339887) % 1)))
    heights = []
    for h in wanted:
        if 0 < h < end and h not in heights and all(abs(h - b) > 1e-6 for b in breakpoints):
            heights.append(h)
        if len(heights) == SAMPLES:
            break
    return heights


def close(value, expected):
    return abs(value - expected) <= 1e-6 * max(1, abs(expected))


TRACK_AT = """
const [cases, done] = arguments;
import("/layoutd.js").then(({ trackAt }) => {
  done(cases.map(({ track, heights }) => heights.map((h) => trackAt(track, h))));
}).catch((error) => done({ error: String(error) }));
"""


class TrackAtTest(BrowserTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.get(BASE + "/layoutd.js")

    def track_at(self, cases):
        result = self.driver.execute_async_script(TRACK_AT, cases)
        self.assertNotIsInstance(result, dict, result)
        return result

    def test_track_at_equals_the_service_at_200_heights_of_every_layout(self):
        checked = jumps = 0
        cases, expected = [], []
        for name, endpoint, request in LAYOUTS:
            status, _, body = post(endpoint, dict(request, track=True))
            self.assertEqual(status, 200, name)
            answer = json.loads(body)
            track = answer["track"]
            breakpoints, end = track["keyboardHeight"], track["keyboardHeight"][-1]
            self.assertGreater(end, 0, name)
            jumps += sum(a == b for a, b in zip(breakpoints, breakpoints[1:]))
            heights = sample_heights(breakpoints, end)
            self.assertEqual(len(heights), SAMPLES, name)
            # The answers at those heights, and at both ends, from the service: one batch per layout.
            asked = [0.0] + heights + [end]
            status, _, body = post(endpoint + "/batch", [at_height(request, end, h) for h in asked])
            self.assertEqual(status, 200, name)
            answers = json.loads(body)
            self.assertEqual(answers[-1], {k: v for k, v in answer.items() if k != "track"}, name)
            cases.append({"track": track, "heights": asked})
            expected.append((name, endpoint, asked, answers))
        for (name, endpoint, asked, answers), values in zip(expected, self.track_at(cases)):
            for h, plain, got in zip(asked, answers, values):
                self.assertNotIn("status", plain, f"{name} at {h}: {plain}")
                want = members(endpoint, plain)
                self.assertEqual(set(got), set(want) | {"keyboardHeight"}, name)
                self.assertEqual(got["keyboardHeight"], h)
                for member, value in want.items():
                    self.assertTrue(close(got[member], value),
                                    f"{name}: {member} at h = {h!r} is {got[member]!r}; the service answers {value!r}")
                checked += 1
        self.assertGreaterEqual(jumps, 4, "the layouts hold jumps at 0 and inside")
        print(f"\ntrackAt: {checked} heights of {len(LAYOUTS)} layouts ({jumps} jumps) equal the service's answers")

    def test_a_jump_holds_the_value_before_at_its_own_height_and_heights_clamp(self):
        tracks = [
            # a companion drops (contract §11's worked example), a jump at 0, a single breakpoint
            {"keyboardHeight": [0, 84, 137, 137, 336], "overlap": [0, 84, 137, 137, 336], "offsetY": [0, 0, -53, 0, 0]},
            {"keyboardHeight": [0, 0, 300], "overlap": [0, 0, 300], "offsetY": [0, -6, -306]},
            {"keyboardHeight": [0], "overlap": [580], "offsetY": [-154]},
        ]
        heights = [[137, 137 + 1e-9, 136.5, -5, 400], [0, 1e-9, 150, -1, 1e6], [0, 50, -3]]
        got = self.track_at([{"track": t, "heights": h} for t, h in zip(tracks, heights)])
        offsets = [[v["offsetY"] for v in row] for row in got]
        self.assertEqual(offsets[0][0], -53, "at the jump's own height the value before holds")
        self.assertEqual(offsets[0][1], 0, "just above it, the value after")
        self.assertEqual(offsets[0][2], -52.5)
        self.assertEqual((offsets[0][3], offsets[0][4]), (0, 0), "heights clamp to [0, H]")
        self.assertEqual(got[0][4]["keyboardHeight"], 336)
        self.assertEqual(offsets[1][:3], [0, -6.000000001, -156])
        self.assertEqual((offsets[1][3], offsets[1][4]), (0, -306))
        self.assertEqual(offsets[2], [-154, -154, -154], "one breakpoint: its value at every height")
        self.assertEqual(got[2][0]["overlap"], 580)


FOLLOW = """
const [body, source, heights, done] = arguments;
(async () => {
  const { avoid, followKeyboard, trackAt } = await import("/layoutd.js");
  const answer = await avoid(body);
  // No request once following: every fetch from here on is counted.
  let fetches = 0;
  const realFetch = window.fetch;
  window.fetch = (...args) => { fetches += 1; return realFetch(...args); };
  const listeners = { added: 0, removed: 0 };
  class Stub extends EventTarget {
    addEventListener(...args) { listeners.added += 1; super.addEventListener(...args); }
    removeEventListener(...args) { listeners.removed += 1; super.removeEventListener(...args); }
  }
  const viewport = Object.assign(new Stub(), { height: innerHeight, offsetTop: 0, width: innerWidth });
  Object.defineProperty(window, "visualViewport", { value: viewport, configurable: true });
  const keyboard = source === "virtualKeyboard"
    ? Object.assign(new Stub(), { boundingRect: { height: 0 }, overlaysContent: true }) : undefined;
  Object.defineProperty(navigator, "virtualKeyboard", { value: keyboard, configurable: true });
  const el = document.createElement("div");
  el.style.cssText = "width: 10px; height: 10px";
  document.body.appendChild(el);
  const shift = () => new DOMMatrixReadOnly(getComputedStyle(el).transform).m42;
  const seen = [];
  const stop = followKeyboard(el, answer, { onChange: (values) => seen.push(values.keyboardHeight) });
  const steps = [];
  steps.push({ h: 0, shift: shift(), want: trackAt(answer.track, 0).offsetY, style: el.style.transform });
  for (const h of heights) {
    if (keyboard) {
      // Docked, reaching 24 px below the layout viewport (behind a navigation bar): its height on
      // the page is what lies above that bottom edge (contract §13's Hl − keyboardRect.y).
      keyboard.boundingRect = h > 0 ? { x: 0, y: innerHeight - h, width: innerWidth, height: h + 24 } : { height: 0 };
      keyboard.dispatchEvent(new Event("geometrychange"));
    } else {
      // The keyboard takes h CSS pixels off the visual viewport (half of them as a pan, offsetTop).
      viewport.offsetTop = h / 4;
      viewport.height = innerHeight - h - h / 4;
      viewport.dispatchEvent(new Event("resize"));
    }
    steps.push({ h, shift: shift(), want: trackAt(answer.track, h).offsetY, style: el.style.transform });
  }
  const listening = listeners.added;
  stop();
  // The keyboard goes to 100, where a follower would move the element to -16.
  const before = shift();
  if (keyboard) {
    keyboard.boundingRect = { x: 0, y: innerHeight - 100, width: innerWidth, height: 100 };
    keyboard.dispatchEvent(new Event("geometrychange"));
  }
  viewport.offsetTop = 0;
  viewport.height = innerHeight - 100;
  viewport.dispatchEvent(new Event("resize"));
  window.fetch = realFetch;
  done({ answer, steps, listening, removed: listeners.removed, before, after: shift(), fetches, seen });
})().catch((error) => done({ error: String(error) }));
"""


class FollowKeyboardTest(BrowserTest):
    def setUp(self):
        # A fresh page each time: the stubs replace the window's own visualViewport.
        self.driver.get(BASE + "/layoutd.js")

    def follow(self, source):
        body = {"container": PHONE, "safeArea": {"top": 47}, "keyboardHeight": 336, "margin": 10,
                "field": {"x": 20, "y": 100, "width": 350, "height": 44},
                "alsoReveal": [{"x": 20, "y": 700, "width": 350, "height": 50}], "track": True}
        heights = [40, 84, 100, 137, 137.5, 250, 336, 500]
        result = self.driver.execute_async_script(FOLLOW, body, source, heights)
        self.assertNotIn("error", result, result.get("error"))
        self.assertEqual(result["answer"]["track"]["offsetY"], [0, 0, -53, 0, 0])
        for step in result["steps"]:
            self.assertAlmostEqual(step["shift"], step["want"], delta=1e-6, msg=f"h = {step['h']}")
            self.assertEqual(step["style"], f"translateY({step['want']}px)", f"h = {step['h']}")
        shifts = {step["h"]: step["shift"] for step in result["steps"]}
        self.assertEqual((shifts[40], shifts[100], shifts[137], shifts[137.5], shifts[500]), (0, -16, -53, 0, 0))
        self.assertEqual(result["seen"], [0, 40, 84, 100, 137, 137.5, 250, 336, 336])
        self.assertEqual(result["fetches"], 0, "following the keyboard sends no request")
        self.assertEqual(result["removed"], result["listening"], "the returned function removes every listener")
        self.assertEqual(result["before"], 0)
        self.assertEqual(result["after"], 0, "after stop() the element no longer follows the keyboard")
        return result

    def test_follow_keyboard_moves_an_element_as_visual_viewport_resizes_say(self):
        result = self.follow("visualViewport")
        self.assertEqual(result["listening"], 2, "visualViewport resize and scroll (a pan moves its bottom)")

    def test_follow_keyboard_reads_the_virtual_keyboard_where_there_is_one(self):
        result = self.follow("virtualKeyboard")
        self.assertEqual(result["listening"], 3, "visualViewport resize and scroll, VirtualKeyboard geometrychange")

    def test_follow_keyboard_refuses_an_answer_without_a_track(self):
        script = """
const [body, done] = arguments;
import("/layoutd.js").then(async ({ avoid, followKeyboard }) => {
  const answer = await avoid(body);
  try { followKeyboard(document.body, answer); done({ threw: false }); }
  catch (error) { done({ threw: error instanceof TypeError, message: error.message }); }
}).catch((error) => done({ error: String(error) }));
"""
        body = {"container": PHONE, "keyboardHeight": 336, "field": {"x": 20, "y": 700, "width": 350, "height": 44}}
        result = self.driver.execute_async_script(script, body)
        self.assertTrue(result.get("threw"), result)
        self.assertIn("track", result["message"])


class PlaygroundTrackTest(PlaygroundPage):
    def setUp(self):
        super().setUp()
        # Every fetch the page makes from here on is counted.
        self.driver.execute_script("""
            window.fetchCount = 0;
            const realFetch = window.fetch;
            window.fetch = (...args) => { window.fetchCount += 1; return realFetch(...args); };""")

    def requests(self):
        """(fetches counted since setUp, the page's own counter, whether a request is scheduled)."""
        return (self.driver.execute_script("return window.fetchCount"), int(self.element("request-count").text),
                self.readout("pending"))

    def field_shift(self):
        """How far the field is drawn from where the request has it, in points."""
        return self.driver.execute_script("""
            const scale = Number(document.getElementById('readout').dataset.scale);
            const a = document.getElementById('field').getBoundingClientRect();
            const b = document.getElementById('field-ghost').getBoundingClientRect();
            return (a.top - b.top) / scale;""")

    def page_track_at(self, h):
        answer = json.loads(self.element("answer-json").text)
        return self.driver.execute_async_script("""
            const [track, h, done] = arguments;
            import("/layoutd.js").then(({ trackAt }) => done(trackAt(track, h)));""", answer["track"], h)

    def set_number(self, element_id, value):
        """Sets a number input as one edit (one input event) and waits for the answer."""
        self.driver.execute_script(
            "arguments[0].value = arguments[1]; arguments[0].dispatchEvent(new Event('input'));",
            self.element(element_id), str(value))
        self.wait_for_answer()

    def test_the_page_asks_for_the_track_and_follows_it_with_no_request(self):
        sent = json.loads(self.element("request-json").text)
        self.assertIs(sent["track"], True)
        answer = json.loads(self.element("answer-json").text)
        self.assertEqual(answer["track"]["keyboardHeight"], [0, 90, 336])
        before = self.requests()
        self.assertEqual(before[2], "false")
        slider = self.element("kb-travel")
        self.assertEqual(float(slider.get_attribute("max")), 336)
        shifts = []
        # Half-point steps: to 316, 216, 291, the end (336, where the slider stops) and 136.
        for key, presses in ((Keys.ARROW_LEFT, 40), (Keys.ARROW_LEFT, 200), (Keys.ARROW_RIGHT, 150),
                             (Keys.ARROW_RIGHT, 150), (Keys.ARROW_LEFT, 400)):
            slider.send_keys(key * presses)
            h = float(self.readout("travel"))
            self.assertEqual(float(slider.get_attribute("value")), h)
            want = self.page_track_at(h)["offsetY"]
            self.assertAlmostEqual(self.field_shift(), want, delta=0.5, msg=f"the field drawn at h = {h}")
            self.assertAlmostEqual(float(self.readout("field-offset-y")), want, delta=1e-9)
            keyboard = self.driver.execute_script(
                "const r = document.getElementById('keyboard').getBoundingClientRect();"
                "return r.height / Number(document.getElementById('readout').dataset.scale);")
            self.assertAlmostEqual(keyboard, h, delta=0.5, msg="the keyboard drawn at its height")
            shifts.append(want)
        self.assertEqual(len(set(shifts)), len(shifts), f"the drawing changed at every step: {shifts}")
        self.assertEqual(self.requests(), before, "the slider sent no request and scheduled none")

        # Dragging the keyboard's top edge down by 100 screen pixels lowers it by 100 / scale points.
        slider.send_keys(Keys.END)
        scale = float(self.readout("scale"))
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("keyboard"), 0, 100).perform()
        h = float(self.readout("travel"))
        self.assertAlmostEqual(h, 336 - 100 / scale, delta=1.5)
        self.assertAlmostEqual(self.field_shift(), self.page_track_at(h)["offsetY"], delta=0.5)
        self.assertEqual(self.requests(), before, "the drag sent no request and scheduled none")

        # A change of the request is still one request, counted by the page and by fetch.
        self.set_number("margin", 20)
        fetches, shown, pending = self.requests()
        self.assertEqual((fetches, shown, pending), (before[0] + 1, before[1] + 1, "false"))
        self.assertEqual(float(self.readout("travel")), 336, "a new answer stands at its end height")

    def test_the_plot_marks_breakpoints_and_a_dropped_companions_jump(self):
        # contract §11's worked example, drawn: the Send button 604 points below a field at y 100.
        self.set_number("field-y", 100)
        self.element("also-send").click()
        self.wait_for_answer()
        self.element("companion-send").send_keys(Keys.SHIFT, Keys.ARROW_DOWN * 52)
        WebDriverWait(self.driver, WAIT).until(
            lambda _: json.loads(self.element("request-json").text).get("alsoReveal", [{}])[0].get("y") == 704)
        self.wait_for_answer()
        answer = json.loads(self.element("answer-json").text)
        track = answer["track"]
        self.assertEqual(track["keyboardHeight"], [0, 86, 139, 139, 336])
        self.assertEqual(track["offsetY"], [0, 0, -53, 0, 0])
        plot = self.element("track-plot")
        self.assertEqual(plot.get_attribute("data-members"), "overlap offsetY")
        self.assertEqual(plot.get_attribute("data-breakpoints"), "5")
        self.assertEqual(plot.get_attribute("data-jumps"), "1")
        row = self.driver.find_element(By.CSS_SELECTOR, '#track-plot g[data-member="offsetY"]')
        points = [tuple(map(float, p.split(","))) for p in
                  row.find_element(By.CSS_SELECTOR, "polyline").get_attribute("points").split()]
        self.assertEqual(len(points), 5)
        self.assertEqual(points[2][0], points[3][0], "the jump is a vertical step")
        self.assertNotEqual(points[2][1], points[3][1])
        self.assertEqual(len(row.find_elements(By.CSS_SELECTOR, "circle.dot")), 4)
        self.assertEqual(len(row.find_elements(By.CSS_SELECTOR, "circle.after")), 1)
        self.assertEqual(len(row.find_elements(By.CSS_SELECTOR, "line.jump")), 1)

        before = self.requests()
        slider = self.element("kb-travel")
        slider.send_keys(Keys.HOME, Keys.ARROW_RIGHT * 240)  # 120 points, half-point steps
        self.assertEqual(float(self.readout("travel")), 120)
        self.assertAlmostEqual(self.field_shift(), -34, delta=0.5, msg="the pair rises with the keyboard")
        cursor = float(self.driver.find_element(By.CSS_SELECTOR, "#track-plot line.cursor").get_attribute("x1"))
        self.assertAlmostEqual(cursor, points[0][0] + (points[-1][0] - points[0][0]) * 120 / 336, delta=0.01)
        now = float(row.find_element(By.CSS_SELECTOR, "circle.now").get_attribute("cy"))
        self.assertTrue(points[1][1] < now < points[2][1], "the dot on the offset strip sits between 0 and -53")
        self.assertEqual(self.requests(), before)
        self.assertNotIn("skipped", self.element("companion-send").get_attribute("class"),
                         "on the way the answer's alsoRevealed (at the end height) is not drawn")
        figure = self.element("track-figure")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", figure)
        figure.screenshot(os.path.join(ARTIFACTS, "track-plot.png"))
        # The whole page, stage and plot together, in a window tall enough for both.
        self.driver.set_window_size(1400, 1900)
        WebDriverWait(self.driver, WAIT).until(
            lambda d: d.execute_script("return innerHeight") > 1500, "the window did not grow")
        self.assertEqual(float(self.readout("travel")), 120, "a resize keeps the keyboard where it is")
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-track.png"))
        self.driver.set_window_size(1400, 1000)

        slider.send_keys(Keys.ARROW_RIGHT * 40)  # 140: past the jump the button is dropped
        self.assertEqual(float(self.readout("travel")), 140)
        self.assertAlmostEqual(self.field_shift(), 0, delta=0.5, msg="past the jump the field stands still")
        self.assertEqual(self.requests(), before)

    def test_a_floating_keyboard_has_one_breakpoint_and_nothing_to_drag(self):
        self.driver.find_element(By.CSS_SELECTOR, "input[name=keyboard][value=floating]").click()
        self.wait_for_answer()
        answer = json.loads(self.element("answer-json").text)
        self.assertEqual(answer["track"]["keyboardHeight"], [0])
        self.assertIsNotNone(self.element("kb-travel").get_attribute("disabled"))
        self.assertEqual(self.element("track-plot").get_attribute("data-breakpoints"), "1")


if __name__ == "__main__":
    unittest.main()
