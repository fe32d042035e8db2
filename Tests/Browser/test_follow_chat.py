"""contract §12 with §11 in a real browser: layoutd.js's followChat moves a chat screen's composer
and list as a /chat track says, for an ordinary list and an inverted one.

Each keyboard height is dispatched as a visualViewport `resize` (the stubs of test_track.py's
followKeyboard test); at each, the composer's transform is the track's `composerOffsetY`, the
list's padding on its keyboard side is the track's inset and its `scrollTop` the track's offset
(plus the top padding for an inverted list), clamped into the list's scroll range by the browser.

    LAYOUTD_URL=http://127.0.0.1:PORT python3 -m unittest Tests/Browser/test_follow_chat.py
"""

import json
import unittest

from browser import BASE, BrowserTest, post

PHONE = {"x": 0, "y": 0, "width": 390, "height": 844}

# The contract's iPhone 14 conversation at its newest message, and an inverted list read back in
# its history (offset 1000), each with the keyboard coming to 336.
ORDINARY = {"container": PHONE, "keyboardHeight": 336, "list": {"x": 0, "y": 0, "width": 390, "height": 760},
            "safeArea": {"top": 47}, "composer": {"x": 0, "y": 760, "width": 390, "height": 50},
            "contentOffset": {"x": 0, "y": 2240}, "contentSize": {"width": 390, "height": 3000}, "track": True}
INVERTED = {"container": PHONE, "keyboardHeight": 336, "list": {"x": 0, "y": 0, "width": 390, "height": 844},
            "safeArea": {"top": 34, "bottom": 47}, "composer": {"x": 0, "y": 760, "width": 390, "height": 50},
            "contentOffset": {"x": 0, "y": 1000}, "contentSize": {"width": 390, "height": 3000},
            "keyboardInset": 50, "inverted": True, "track": True}
HEIGHTS = [10, 34, 100, 200.5, 336, 400]

FOLLOW_CHAT = """
const [body, heights, done] = arguments;
(async () => {
  const { chat, followChat, trackAt } = await import("/layoutd.js");
  const answer = await chat(body);
  let fetches = 0;
  const realFetch = window.fetch;
  window.fetch = (...args) => { fetches += 1; return realFetch(...args); };
  const viewport = Object.assign(new EventTarget(), { height: innerHeight, offsetTop: 0, width: innerWidth });
  Object.defineProperty(window, "visualViewport", { value: viewport, configurable: true });
  Object.defineProperty(navigator, "virtualKeyboard", { value: undefined, configurable: true });
  const list = document.createElement("div");
  list.style.cssText = `height: ${body.list.height}px; overflow: auto; box-sizing: border-box`;
  if (body.inverted) list.style.transform = "scaleY(-1)";
  const content = document.createElement("div");
  content.style.cssText = `height: ${body.contentSize.height}px`;
  list.appendChild(content);
  const composer = document.createElement("div");
  composer.style.cssText = `height: ${body.composer.height}px`;
  document.body.append(list, composer);
  const shift = () => new DOMMatrixReadOnly(getComputedStyle(composer).transform).m42;
  const read = (h) => ({
    h, want: trackAt(answer.track, h), composerShift: shift(), scrollTop: list.scrollTop,
    paddingTop: list.style.paddingTop, paddingBottom: list.style.paddingBottom,
    maxScroll: list.scrollHeight - list.clientHeight,
  });
  const stop = followChat(list, composer, answer);
  const steps = [read(0)];
  for (const h of heights) {
    viewport.height = innerHeight - h;
    viewport.dispatchEvent(new Event("resize"));
    steps.push(read(h));
  }
  stop();
  viewport.height = innerHeight;
  viewport.dispatchEvent(new Event("resize"));
  const afterStop = shift();
  window.fetch = realFetch;
  list.remove();
  composer.remove();
  done({ answer, steps, fetches, afterStop, lastShift: steps[steps.length - 1].composerShift });
})().catch((error) => done({ error: String(error) }));
"""


class FollowChatTest(BrowserTest):
    def setUp(self):
        # A fresh page each time: the stubs replace the window's own visualViewport.
        self.driver.get(BASE + "/layoutd.js")

    def follow(self, body):
        status, _, answer = post("/chat", body)
        self.assertEqual(status, 200, answer)
        result = self.driver.execute_async_script(FOLLOW_CHAT, body, HEIGHTS)
        self.assertNotIn("error", result, result.get("error"))
        self.assertEqual(result["answer"], json.loads(answer))
        self.assertEqual(result["fetches"], 0, "following the keyboard sends no request")
        self.assertEqual(result["afterStop"], result["lastShift"], "after stop() nothing follows")
        for step in result["steps"]:
            want, at = step["want"], f"h = {step['h']}"
            self.assertAlmostEqual(step["composerShift"], want["composerOffsetY"], delta=1e-6, msg=at)
            scroll = want["contentOffsetY"]
            if body.get("inverted"):
                self.assertEqual(step["paddingTop"], f"{want['contentInsetTop']}px", at)
                self.assertEqual(step["paddingBottom"], "", at)
                scroll += want["contentInsetTop"]
            else:
                self.assertEqual(step["paddingBottom"], f"{want['contentInsetBottom']}px", at)
                self.assertEqual(step["paddingTop"], "", at)
            self.assertAlmostEqual(step["scrollTop"], min(max(scroll, 0), step["maxScroll"]), delta=1, msg=at)
        return result

    def test_an_ordinary_list_keeps_its_newest_message_on_the_composer(self):
        result = self.follow(ORDINARY)
        steps = {step["h"]: step for step in result["steps"]}
        self.assertEqual(result["answer"]["track"]["keyboardHeight"], [0, 34, 336])
        self.assertEqual(steps[34]["composerShift"], 0, "nothing moves until the home indicator")
        self.assertEqual(steps[336]["composerShift"], -302)
        self.assertEqual(steps[336]["paddingBottom"], "302px")
        # At the newest end at every height: the list is scrolled to its bottom.
        for step in result["steps"]:
            self.assertAlmostEqual(step["scrollTop"], step["maxScroll"], delta=1, msg=f"h = {step['h']}")

    def test_an_inverted_list_grows_its_top_padding_and_keeps_its_place(self):
        result = self.follow(INVERTED)
        self.assertIn("contentInsetTop", result["answer"]["track"])
        steps = {step["h"]: step for step in result["steps"]}
        self.assertEqual(steps[336]["paddingTop"], "352px")
        # `always`, read back in the history: the padding grows by what the offset moves, so the
        # web scroll position holds and the messages ride up with the composer.
        self.assertEqual({step["scrollTop"] for step in result["steps"]}, {1050})

    def test_follow_chat_refuses_an_answer_without_a_chat_track(self):
        script = """
const [body, done] = arguments;
import("/layoutd.js").then(async ({ chat, followChat }) => {
  const answer = await chat(body);
  try { followChat(document.body, document.body, answer); done({ threw: false }); }
  catch (error) { done({ threw: error instanceof TypeError, message: error.message }); }
}).catch((error) => done({ error: String(error) }));
"""
        result = self.driver.execute_async_script(script, dict(ORDINARY, track=False))
        self.assertTrue(result.get("threw"), result)
        self.assertIn("track", result["message"])


if __name__ == "__main__":
    unittest.main()
