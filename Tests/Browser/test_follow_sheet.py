"""contract §14 with §11 in a real browser: layoutd.js's sheet() posts a /sheet request, and
followSheet keeps a sheet where its track says as the keyboard moves, with no request.

The track is the contract's sheet-field-track (an iPhone 14 sheet resting at 300 of [300, 600], a
56-point header over a scroll view, a field at 400-444 in its content, the keyboard coming to 336).
Each keyboard height is dispatched as a visualViewport `resize` (the stubs of test_track.py's
followKeyboard test); at each, the sheet's `top` and `height` and its scroll view's `scrollTop` are
the track's values there, and those are the service's own answer to the same request with the
keyboard at that height.

    LAYOUTD_URL=http://127.0.0.1:PORT python3 -m unittest Tests/Browser/test_follow_sheet.py
"""

import copy
import json
import unittest

from browser import BASE, BrowserTest, post

REQUEST = {"container": {"x": 0, "y": 0, "width": 390, "height": 844},
           "safeArea": {"top": 47, "left": 0, "bottom": 34, "right": 0}, "detents": [300, 600],
           "keyboardHeight": 336, "header": 56, "field": {"x": 16, "y": 400, "width": 358, "height": 44},
           "contentOffset": {"x": 0, "y": 0}, "contentSize": {"width": 390, "height": 900}, "track": True}
# Below, at and above the home indicator's 34, the whole way, and past the end.
HEIGHTS = [0.5, 17, 34, 35, 100, 200.25, 335, 336, 400]

FOLLOW_SHEET = """
const [body, heights, done] = arguments;
(async () => {
  const { sheet, followSheet, trackAt } = await import("/layoutd.js");
  const answer = await sheet(body);
  let fetches = 0;
  const realFetch = window.fetch;
  window.fetch = (...args) => { fetches += 1; return realFetch(...args); };
  const listeners = { added: 0, removed: 0 };
  class Stub extends EventTarget {
    addEventListener(...args) { listeners.added += 1; super.addEventListener(...args); }
    removeEventListener(...args) { listeners.removed += 1; super.removeEventListener(...args); }
  }
  const viewport = Object.assign(new Stub(), { height: innerHeight, offsetTop: 0, width: innerWidth, scale: 1 });
  Object.defineProperty(window, "visualViewport", { value: viewport, configurable: true });
  Object.defineProperty(navigator, "virtualKeyboard", { value: undefined, configurable: true });
  const box = document.createElement("div");
  box.style.cssText = `position: fixed; left: 0; width: ${body.container.width}px; overflow: hidden`;
  const scrollView = document.createElement("div");
  scrollView.style.cssText = `position: absolute; left: 0; right: 0; top: ${body.header}px; bottom: 0; overflow: auto`;
  const content = document.createElement("div");
  content.style.height = `${body.contentSize.height}px`;
  scrollView.appendChild(content);
  box.appendChild(scrollView);
  document.body.appendChild(box);
  const read = (h) => ({ h, want: trackAt(answer.track, h), top: box.style.top, height: box.style.height,
    box: box.getBoundingClientRect().toJSON(), scrollTop: scrollView.scrollTop,
    maxScroll: scrollView.scrollHeight - scrollView.clientHeight });
  const stop = followSheet(box, answer, { scrollView });
  const steps = [read(0)];
  for (const h of heights) {
    viewport.height = innerHeight - h;
    viewport.dispatchEvent(new Event("resize"));
    steps.push(read(h));
  }
  const listening = listeners.added;
  stop();
  const before = box.style.top;
  viewport.height = innerHeight;
  viewport.dispatchEvent(new Event("resize"));
  window.fetch = realFetch;
  box.remove();
  done({ answer, steps, fetches, listening, removed: listeners.removed, before, after: box.style.top });
})().catch((error) => done({ error: String(error) }));
"""


class FollowSheetTest(BrowserTest):
    def setUp(self):
        # A fresh page each time: the stubs replace the window's own visualViewport.
        self.driver.get(BASE + "/layoutd.js")

    def test_follow_sheet_places_the_sheet_and_scrolls_its_field_as_the_service_answers(self):
        status, _, body = post("/sheet", REQUEST)
        self.assertEqual(status, 200, body)
        result = self.driver.execute_async_script(FOLLOW_SHEET, REQUEST, HEIGHTS)
        self.assertNotIn("error", result, result.get("error"))
        self.assertEqual(result["answer"], json.loads(body), "sheet() resolves to the service's answer")
        track = result["answer"]["track"]
        self.assertEqual(set(track), {"keyboardHeight", "overlap", "sheetY", "sheetHeight", "contentOffsetY"})

        # The service's answers at each height (keyboard hidden at 0, past the end read as the end).
        end = track["keyboardHeight"][-1]
        heights = [min(step["h"], end) for step in result["steps"]]
        plain = copy.deepcopy(REQUEST)
        del plain["track"]
        status, _, body = post("/sheet/batch", [
            dict(plain, keyboardHeight=h) if h > 0 else dict({k: v for k, v in plain.items() if k != "keyboardHeight"},
                                                             keyboard=None) for h in heights])
        self.assertEqual(status, 200, body)
        for step, there in zip(result["steps"], json.loads(body)):
            want, at = step["want"], f"h = {step['h']}"
            self.assertNotIn("status", there, at)
            self.assertAlmostEqual(want["sheetY"], there["sheet"]["y"], delta=1e-6, msg=at)
            self.assertAlmostEqual(want["sheetHeight"], there["sheet"]["height"], delta=1e-6, msg=at)
            self.assertAlmostEqual(want["contentOffsetY"], there["contentOffset"]["y"], delta=1e-6, msg=at)
            self.assertEqual(step["top"], f"{want['sheetY']}px", at)
            self.assertEqual(step["height"], f"{want['sheetHeight']}px", at)
            self.assertAlmostEqual(step["box"]["top"], want["sheetY"], delta=0.01, msg=at)
            self.assertAlmostEqual(step["box"]["height"], want["sheetHeight"], delta=0.01, msg=at)
            self.assertAlmostEqual(step["scrollTop"], min(want["contentOffsetY"], step["maxScroll"]), delta=1, msg=at)
        steps = {step["h"]: step for step in result["steps"]}
        self.assertEqual(steps[17]["top"], "510px", "the sheet rests on the home indicator until the keyboard passes it")
        self.assertEqual(steps[336]["top"], "208px")
        self.assertEqual(steps[0.5]["scrollTop"], 210, "the field is revealed once the keyboard is there at all")
        self.assertEqual(result["fetches"], 0, "following the keyboard sends no request")
        self.assertEqual(result["removed"], result["listening"], "the returned function removes every listener")
        self.assertEqual(result["after"], result["before"], "after stop() the sheet no longer follows")

    def test_follow_sheet_refuses_an_answer_without_a_sheet_track(self):
        script = """
const [body, done] = arguments;
import("/layoutd.js").then(async ({ sheet, followSheet }) => {
  const answer = await sheet(body);
  try { followSheet(document.body, answer); done({ threw: false }); }
  catch (error) { done({ threw: error instanceof TypeError, message: error.message }); }
}).catch((error) => done({ error: String(error) }));
"""
        result = self.driver.execute_async_script(script, dict(REQUEST, track=False))
        self.assertTrue(result.get("threw"), result)
        self.assertIn("track", result["message"])


if __name__ == "__main__":
    unittest.main()
