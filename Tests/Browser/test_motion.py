"""contract §6 in a real browser: the service's easing, layoutd.js and the playground's motion plot.

- For each curve, `element.animate(..., {easing, duration})` with the answer's own `easing` over
  its `motionDuration`, sampled through `currentTime`, matches the answer's `frames` within 0.005.
- layoutd.js (GET /layoutd.js) fetches a real answer and drives a real element with it.
- The playground draws the answer's frames and the old timing function as a progress plot.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_motion.py
"""

import json
import os
import unittest

from browser import ARTIFACTS, BASE, WAIT, BrowserTest, post

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

TOLERANCE = 0.005

REQUEST = {
    "container": {"x": 0, "y": 0, "width": 390, "height": 844},
    "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0},
    "keyboard": {"x": 0, "y": 508, "width": 390, "height": 336},
    "field": {"x": 20, "y": 700, "width": 350, "height": 44},
}


def avoid(animation):
    status, _, body = post("/avoid", dict(REQUEST, animation=animation))
    assert status == 200, status
    return json.loads(body)


# Samples an easing as Chromium runs it: an opacity animation from 0 to 1, paused, read through
# getComputedStyle at each time asked for (milliseconds).
SAMPLE_EASING = """
const [easing, duration, times, done] = arguments;
const el = document.createElement("div");
document.body.appendChild(el);
try {
  const animation = el.animate([{ opacity: 0 }, { opacity: 1 }], { duration, easing, fill: "both" });
  animation.pause();
  const values = times.map((t) => {
    animation.currentTime = t;
    return Number(getComputedStyle(el).opacity);
  });
  animation.cancel();
  done({ values });
} catch (error) {
  done({ error: String(error) });
} finally {
  el.remove();
}
"""


class MotionTest(BrowserTest):
    def setUp(self):
        # The playground's origin: layoutd.js and the API are same-origin there.
        self.driver.get(BASE + "/")

    def sample(self, easing, duration_ms, times_ms):
        result = self.driver.execute_async_script(SAMPLE_EASING, easing, duration_ms, times_ms)
        self.assertNotIn("error", result, f"{easing!r}: {result.get('error')}")
        return result["values"]

    def test_each_curves_easing_matches_its_frames_in_the_browser(self):
        for curve, duration in ((7, 0.25), (0, 0.4), (1, 0.3), (2, 0.25), (3, 0.5), (9, 0.35), (7, 1.0)):
            with self.subTest(curve=curve, duration=duration):
                animation = avoid({"duration": duration, "curve": curve, "frameRate": 240})["animation"]
                seconds = animation["motionDuration"]
                frames = animation["frames"]
                self.assertEqual(len(frames), round(seconds * 240) + 1)
                times = [k / 240 * 1000 for k in range(len(frames))]
                values = self.sample(animation["easing"], seconds * 1000, times)
                worst = max(abs(v - f) for v, f in zip(values, frames))
                self.assertLessEqual(worst, TOLERANCE, f"curve {curve}: {animation['easing'][:60]}")
                if curve == 7 and duration == 0.25:
                    print(f"\ncurve 7 linear(): {animation['easing'].count(',') + 1} stops, "
                          f"largest deviation from the frames in Chromium {worst:.5f}")

    def test_the_old_bezier_over_the_notification_duration_misses_the_spring(self):
        animation = avoid({"duration": 0.25, "curve": 7, "frameRate": 240})["animation"]
        frames = animation["frames"]
        times = [k / 240 * 1000 for k in range(len(frames))]
        old = self.sample(animation["timingFunction"], 250, times)
        worst = max(abs(v - f) for v, f in zip(old, frames))
        self.assertGreater(worst, 0.3, "the compatibility timingFunction over 0.25 s is a third off")

    def test_layoutd_js_drives_an_element_from_a_real_answer(self):
        script = """
const [body, done] = arguments;
(async () => {
  const { avoid, animateAnswer } = await import("/layoutd.js");
  const answer = await avoid(body);
  const el = document.createElement("div");
  el.style.cssText = "width: 10px; height: 10px";
  document.body.appendChild(el);
  const animation = animateAnswer(el, answer, { reducedMotion: false });
  animation.pause();
  const ms = answer.animation.motionDuration * 1000;
  const samples = [];
  for (const k of [0, 6, 15, 30]) {
    animation.currentTime = Math.min(k / 60 * 1000, ms);
    samples.push(new DOMMatrixReadOnly(getComputedStyle(el).transform).m42);
  }
  const playing = animation.playState;
  animation.finish();
  await animation.finished;
  await new Promise((resolve) => setTimeout(resolve, 0));
  done({ answer, samples, playing, style: el.style.transform,
         end: new DOMMatrixReadOnly(getComputedStyle(el).transform).m42 });
})().catch((error) => done({ error: String(error) }));
"""
        body = dict(REQUEST, animation={"duration": 0.25, "curve": 7, "frameRate": 60})
        result = self.driver.execute_async_script(script, body)
        self.assertNotIn("error", result, result.get("error"))
        answer = result["answer"]
        offset = answer["offset"]["y"]
        self.assertEqual(offset, -246)
        frames = answer["animation"]["frames"]
        for sample, k in zip(result["samples"], (0, 6, 15, 30)):
            self.assertAlmostEqual(sample, offset * frames[k], delta=TOLERANCE * abs(offset), msg=f"frame {k}")
        self.assertEqual(result["playing"], "paused")
        self.assertEqual(result["style"], "translate(0px, -246px)")
        self.assertEqual(result["end"], -246)

    def test_layoutd_js_scrolls_and_raises_problems_with_their_pointer(self):
        script = """
const [body, bad, done] = arguments;
(async () => {
  const { avoid, LayoutdError, animateAnswer } = await import("/layoutd.js");
  const answer = await avoid(body);
  const el = document.createElement("div");
  el.style.cssText = "height: 300px; overflow: auto";
  el.innerHTML = '<div style="height: 3000px"></div>';
  document.body.appendChild(el);
  const animation = animateAnswer(el, answer, { reducedMotion: false });
  await animation.finished;
  const scrolled = el.scrollTop;
  let problem = null;
  try { await avoid(bad); } catch (error) {
    problem = { isLayoutdError: error instanceof LayoutdError, status: error.status, type: error.type,
                pointer: error.pointer, message: error.message };
  }
  done({ answer, scrolled, padding: el.style.paddingBottom, problem });
})().catch((error) => done({ error: String(error) }));
"""
        body = dict(REQUEST, mode="scroll", container={"x": 0, "y": 0, "width": 390, "height": 300},
                    keyboard={"x": 0, "y": 200, "width": 390, "height": 100},
                    field={"x": 0, "y": 400, "width": 100, "height": 40}, safeArea={},
                    contentOffset={"x": 0, "y": 0}, contentSize={"width": 390, "height": 3000},
                    animation={"curve": 7})
        bad = dict(REQUEST, keyboard={"x": 0, "y": 508, "width": 390, "height": -1})
        result = self.driver.execute_async_script(script, body, bad)
        self.assertNotIn("error", result, result.get("error"))
        self.assertGreater(result["answer"]["contentOffset"]["y"], 0)
        self.assertEqual(result["scrolled"], result["answer"]["contentOffset"]["y"])
        self.assertEqual(result["padding"], f"{result['answer']['contentInset']['bottom']}px")
        problem = result["problem"]
        self.assertIsNotNone(problem)
        self.assertTrue(problem["isLayoutdError"])
        self.assertEqual(problem["status"], 422)
        self.assertEqual(problem["type"], "urn:layoutd:problem:negative")
        self.assertEqual(problem["pointer"], "/keyboard/height")
        self.assertIn("keyboard.height", problem["message"])

    def wait_for_settled_answer(self, previous):
        def settled(driver):
            readout = driver.find_element(By.ID, "readout")
            seq = readout.get_attribute("data-seq")
            return seq is not None and int(seq) > previous and readout.get_attribute("data-settled") == "true"

        WebDriverWait(self.driver, WAIT).until(settled, "the page drew no new answer")
        return int(self.driver.find_element(By.ID, "readout").get_attribute("data-seq"))

    def test_the_playground_moves_with_the_answers_easing_over_its_motion_duration(self):
        seq = self.wait_for_settled_answer(0)
        # Record the timing of every keyframe effect the page (and layoutd.js) creates from now on.
        self.driver.execute_script("""
            window.recordedTimings = [];
            const Original = KeyframeEffect;
            window.KeyframeEffect = class extends Original {
              constructor(target, keyframes, options) {
                super(target, keyframes, options);
                if (target) window.recordedTimings.push(options);
              }
            };""")
        cases = (("2", "0.25", 250, lambda answer: "ease-out"),
                 ("7", "0.4", 500, lambda answer: answer["animation"]["easing"]))
        for curve, duration, expected_ms, expected_easing in cases:
            with self.subTest(curve=curve):
                self.driver.execute_script("window.recordedTimings.length = 0;")
                field = self.driver.find_element(By.ID, "duration")
                field.send_keys(Keys.CONTROL, "a")
                field.send_keys(duration)
                Select(self.driver.find_element(By.ID, "curve")).select_by_value(curve)
                seq = self.wait_for_settled_answer(seq)
                answer = json.loads(self.driver.find_element(By.ID, "answer-json").text)
                self.assertEqual(answer["animation"]["duration"], float(duration))
                timings = self.driver.execute_script("return window.recordedTimings;")
                self.assertTrue(timings, "the page started no animation")
                self.assertEqual(timings[-1]["duration"], expected_ms)
                self.assertEqual(timings[-1]["easing"], expected_easing(answer))

    def test_the_playground_plots_the_frames_beside_the_old_bezier(self):
        def drawn(driver):
            figure = driver.find_element(By.ID, "motion")
            if figure.get_attribute("hidden") is not None:
                return False
            return driver.find_elements(By.CSS_SELECTOR, "#motion-plot polyline.old")

        WebDriverWait(self.driver, WAIT).until(drawn, "the playground drew no motion plot")
        sent = json.loads(self.driver.find_element(By.ID, "request-json").text)
        self.assertEqual(sent["animation"], {"duration": 0.25, "curve": 7, "frameRate": 60})
        answer = json.loads(self.driver.find_element(By.ID, "answer-json").text)
        frames = answer["animation"]["frames"]
        line = self.driver.find_element(By.CSS_SELECTOR, "#motion-plot polyline.frames")
        self.assertEqual(int(line.get_attribute("data-frames")), len(frames))
        self.assertEqual(len(frames), 31)
        spring = [tuple(map(float, p.split(","))) for p in line.get_attribute("points").split()]
        old_line = self.driver.find_element(By.CSS_SELECTOR, "#motion-plot polyline.old")
        old = [tuple(map(float, p.split(","))) for p in old_line.get_attribute("points").split()]
        self.assertEqual(len(spring), 31)
        self.assertEqual(len(old), 61)
        # The dashed curve ends at 0.25 s, halfway along the 0.5 s axis, where the spring is not
        # yet at 0.9 of the way: the two plots differ where they can be compared.
        self.assertAlmostEqual(old[-1][0] - old[0][0], (spring[-1][0] - spring[0][0]) / 2, delta=0.5)
        self.assertLess(old[-1][1], spring[15][1] - 5, "at 0.25 s the old Bézier is above the spring")
        self.assertNotEqual(self.driver.execute_script(
            "return getComputedStyle(arguments[0]).strokeDasharray;", old_line), "none")
        figure = self.driver.find_element(By.ID, "motion")
        self.driver.execute_script("arguments[0].scrollIntoView()", figure)
        figure.screenshot(os.path.join(ARTIFACTS, "motion-plot.png"))


if __name__ == "__main__":
    unittest.main()
