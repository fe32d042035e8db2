"""contract §13 in a real browser: layoutd.js's readViewport, placeFixedBars and followViewport.

- On a phone-sized page (Chromium's mobile emulation, 390×664) pinch-zoomed 2× (CDP
  `Emulation.setPageScaleFactor`) and panned (`Input.synthesizeScrollGesture`), readViewport reads
  the layout viewport from its probe and the visual viewport as the browser reports it; layoutd's
  /avoid answer to that viewport, applied by placeFixedBars, puts the top bar on the visible band's
  top edge and the bottom bar on its bottom edge, at their unzoomed size.
- With `interactive-widget=resizes-content` and the window shortened as such a keyboard does (the
  emulated height shrunk while a field has focus), readViewport reports the height from before as
  `restingHeight`, and the bars sit on the shortened viewport's edges; with no field focused a
  resize is a new resting height.
- followViewport reads the numbers in the frame after the events (not at them), sends one request
  a frame however many events come, drops an answer that comes after a newer request's, and its
  stop() removes every listener and cancels the frame it waited for. Its fetches go through a
  wrapper that counts them and holds answers back; the test waits on what the page shows, never on
  time.

The phone page is served by an HTTP server of the test's own on 127.0.0.1; it imports /layoutd.js
from layoutd and posts to layoutd across origins (CORS), as a page of another site does.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_viewport.py
"""

import json
import os
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from browser import ARTIFACTS, BASE, WAIT, BrowserTest, chromium, post

from selenium.webdriver.support.ui import WebDriverWait

PHONE = {"width": 390, "height": 664}
BAR = 44
FIELD = {"x": 16, "y": 300, "width": 358, "height": 44}

# A page with a bar fixed at its top and one at its bottom, a field, and the module from layoutd.
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1{widget}">
<title>fixed bars</title>
<style>
  html, body {{ margin: 0; height: 100%; }}
  #top, #bottom {{ position: fixed; left: 0; width: 100%; height: {bar}px; }}
  #top {{ top: 0; background: #2f80ed; }}
  #bottom {{ bottom: 0; background: #e5484d; }}
  #field {{ position: absolute; left: {x}px; top: {y}px; width: {width}px; height: {height}px;
    box-sizing: border-box; }}
</style>
</head>
<body>
<div id="top"></div><div id="bottom"></div><input id="field" aria-label="field">
<script type="module">
  import * as layoutd from "{base}/layoutd.js";
  window.layoutd = layoutd;
  window.layoutdBase = "{base}";
</script>
</body>
</html>
"""


class PageServer(BaseHTTPRequestHandler):
    """GET /page?widget=W: the page, with `interactive-widget=W` in its viewport meta tag when given."""

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path != "/page":
            self.send_error(404)
            return
        widget = parse_qs(url.query).get("widget", [""])[0]
        body = PAGE.format(widget=f", interactive-widget={widget}" if widget else "", bar=BAR, base=BASE,
                           **FIELD).encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


# Reads the viewport, asks layoutd with it, places the bars; then what the browser shows.
PLACE = """
const [field, done] = arguments;
(async () => {
  const { readViewport, avoid, placeFixedBars } = window.layoutd;
  const viewport = readViewport();
  const body = { container: { x: 0, y: 0, ...viewport.layout }, field, viewport };
  const answer = await avoid(body, { baseURL: window.layoutdBase });
  const top = document.getElementById("top"), bottom = document.getElementById("bottom");
  placeFixedBars(answer.viewport, { top, bottom });
  const v = visualViewport;
  done({ body, answer, top: top.getBoundingClientRect().toJSON(), bottom: bottom.getBoundingClientRect().toJSON(),
    size: { width: top.offsetWidth, height: top.offsetHeight },
    origins: [top.style.transformOrigin, bottom.style.transformOrigin],
    visual: { offsetLeft: v.offsetLeft, offsetTop: v.offsetTop, width: v.width, height: v.height, scale: v.scale } });
})().catch((error) => done({ error: String(error) }));
"""

# Whether the visual viewport read the same in two frames running (a gesture has come to rest).
AT_REST = """
const done = arguments[0];
const read = () => JSON.stringify([visualViewport.offsetLeft, visualViewport.offsetTop, visualViewport.width,
  visualViewport.height, visualViewport.scale, innerHeight]);
const first = read();
requestAnimationFrame(() => requestAnimationFrame(() => done(read() === first)));
"""


class FixedBarsTest(BrowserTest):
    @classmethod
    def setUpClass(cls):
        cls.server = ThreadingHTTPServer(("127.0.0.1", 0), PageServer)
        threading.Thread(target=cls.server.serve_forever, daemon=True).start()
        cls.driver = chromium(phone=PHONE)

    @classmethod
    def tearDownClass(cls):
        super().tearDownClass()
        cls.server.shutdown()
        cls.server.server_close()

    def open(self, widget=""):
        """A fresh phone page, unzoomed, 390×664."""
        self.cdp("Emulation.setDeviceMetricsOverride", {**PHONE, "deviceScaleFactor": 1, "mobile": True})
        self.cdp("Emulation.setPageScaleFactor", {"pageScaleFactor": 1})
        query = f"?widget={widget}" if widget else ""
        self.driver.get(f"http://127.0.0.1:{self.server.server_port}/page{query}")
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_script("return !!window.layoutd"),
                                               "the page did not load /layoutd.js from layoutd")

    def cdp(self, command, parameters):
        return self.driver.execute_cdp_cmd(command, parameters)

    def wait_until(self, script, message, *arguments):
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_script(script, *arguments), message)

    def wait_at_rest(self):
        WebDriverWait(self.driver, WAIT).until(lambda d: d.execute_async_script(AT_REST), "the viewport kept moving")

    def place(self):
        result = self.driver.execute_async_script(PLACE, FIELD)
        self.assertNotIn("error", result, result.get("error"))
        status, _, body = post("/avoid", result["body"])
        self.assertEqual(status, 200, body)
        self.assertEqual(result["answer"], json.loads(body), "the page got layoutd's answer")
        self.assertEqual(result["origins"], ["left top", "left bottom"])
        return result

    def assert_bars_on_the_band(self, result):
        """Each bar on its edge of the visible band (0.5 CSS px), at its unzoomed size on screen."""
        visual, top, bottom, size = result["visual"], result["top"], result["bottom"], result["size"]
        scale = visual["scale"]
        self.assertEqual(size, {"width": PHONE["width"], "height": BAR})
        self.assertAlmostEqual(top["top"], visual["offsetTop"], delta=0.5, msg="the top bar on the band's top")
        self.assertAlmostEqual(bottom["bottom"], visual["offsetTop"] + visual["height"], delta=0.5,
                               msg="the bottom bar on the band's bottom")
        for name, bar in (("top", top), ("bottom", bottom)):
            self.assertAlmostEqual(bar["left"], visual["offsetLeft"], delta=0.5, msg=f"the {name} bar's left")
            self.assertAlmostEqual(bar["width"] * scale, size["width"], delta=0.5, msg=f"the {name} bar's width")
            self.assertAlmostEqual(bar["height"] * scale, size["height"], delta=0.5, msg=f"the {name} bar's height")

    def test_pinch_zoomed_and_panned_the_bars_sit_on_the_visible_band(self):
        self.open()
        self.cdp("Emulation.setPageScaleFactor", {"pageScaleFactor": 2})
        self.wait_until("return visualViewport.scale === 2", "the page was not zoomed")
        self.cdp("Input.synthesizeScrollGesture", {"x": 100, "y": 300, "xDistance": -60, "yDistance": -150})
        self.wait_until("return visualViewport.offsetLeft > 0 && visualViewport.offsetTop > 0",
                        "the gesture did not move the visual viewport")
        self.wait_at_rest()
        result = self.place()
        viewport, visual = result["body"]["viewport"], result["visual"]
        self.assertEqual(viewport, {"layout": PHONE, "visual": visual},
                         "the layout viewport from the probe, the visual viewport as read, nothing at its default")
        self.assertEqual((visual["width"], visual["height"], visual["scale"]), (195, 332, 2))
        answer = result["answer"]
        self.assertEqual(answer["keyboard"]["state"], "hidden", "a zoomed page is not a keyboard")
        self.assertEqual(answer["viewport"]["fixedTop"]["scale"], 0.5)
        self.assert_bars_on_the_band(result)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "viewport-pinch-zoom.png"))

    def test_overlays_content_is_read_where_the_virtual_keyboard_reports_its_rectangle(self):
        self.open("overlays-content")
        read = """
const [keyboard] = arguments;
const stub = keyboard && Object.assign(new EventTarget(), { overlaysContent: false,
  boundingRect: new DOMRect(keyboard.x, keyboard.y, keyboard.width, keyboard.height) });
Object.defineProperty(navigator, "virtualKeyboard", { value: stub, configurable: true });
return window.layoutd.readViewport();"""
        # No VirtualKeyboard API (Safari, Firefox): the tag is read as the default, so a browser that
        # ignores it and shrinks the visual viewport is read right.
        without = self.driver.execute_script(read, None)
        self.assertEqual(without, {"layout": PHONE, "visual": {"offsetLeft": 0, "offsetTop": 0, **PHONE, "scale": 1}})
        rect = {"x": 0, "y": 400, "width": PHONE["width"], "height": 264}
        reading = self.driver.execute_script(read, rect)
        self.assertEqual(reading["interactiveWidget"], "overlays-content")
        self.assertEqual(reading["keyboardRect"], rect)
        status, _, body = post("/avoid", {"container": {"x": 0, "y": 0, **PHONE}, "field": FIELD, "viewport": reading})
        self.assertEqual(status, 200, body)
        answer = json.loads(body)
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 264})
        self.assertEqual(answer["viewport"]["keyboardHeight"], 264)

    def test_resizes_content_reports_the_resting_height_and_the_bars_follow_the_shortened_page(self):
        self.open("resizes-content")
        before = self.driver.execute_script("return window.layoutd.readViewport()")
        self.assertEqual(before, {"layout": PHONE, "interactiveWidget": "resizes-content",
                                  "visual": {"offsetLeft": 0, "offsetTop": 0, **PHONE, "scale": 1}},
                         "at rest the resting height is the height now: left out")
        # A field gets focus and the keyboard takes 264 off the window's height.
        self.driver.execute_script("document.getElementById('field').focus()")
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": PHONE["width"], "height": 400, "deviceScaleFactor": 1, "mobile": True})
        self.wait_until("return window.layoutd.readViewport().layout.height === 400", "the page was not shortened")
        self.wait_at_rest()
        result = self.place()
        viewport = result["body"]["viewport"]
        self.assertEqual(viewport["interactiveWidget"], "resizes-content")
        self.assertEqual(viewport["restingHeight"], PHONE["height"], "the height from before the field had focus")
        self.assertEqual(viewport["layout"], {"width": PHONE["width"], "height": 400})
        self.assertEqual(result["answer"]["viewport"]["keyboardHeight"], PHONE["height"] - 400)
        self.assertEqual(result["answer"]["keyboard"]["overlap"], 0, "the keyboard is below the shortened page")
        self.assert_bars_on_the_band(result)
        self.assertEqual((result["top"]["top"], result["bottom"]["bottom"]), (0, 400))
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "viewport-resizes-content.png"))

        # With no field focused a resize (a rotation, a window made smaller) is a new resting height.
        self.driver.execute_script("document.activeElement.blur()")
        self.cdp("Emulation.setDeviceMetricsOverride",
                 {"width": PHONE["width"], "height": 600, "deviceScaleFactor": 1, "mobile": True})
        self.wait_until("return window.layoutd.readViewport().layout.height === 600", "the page was not resized")
        self.wait_at_rest()
        after = self.driver.execute_script("return window.layoutd.readViewport()")
        self.assertNotIn("restingHeight", after, "the resting height is the height now")


FOLLOW_VIEWPORT = """
const [request, done] = arguments;
(async () => {
  const { followViewport } = await import("/layoutd.js");
  const listeners = { added: 0, removed: 0 };
  class Stub extends EventTarget {
    addEventListener(...args) { listeners.added += 1; super.addEventListener(...args); }
    removeEventListener(...args) { listeners.removed += 1; super.removeEventListener(...args); }
  }
  const viewport = Object.assign(new Stub(),
    { offsetLeft: 0, offsetTop: 0, width: innerWidth, height: innerHeight, scale: 1 });
  const keyboard = Object.assign(new Stub(), { overlaysContent: false, boundingRect: new DOMRect() });
  Object.defineProperty(window, "visualViewport", { value: viewport, configurable: true });
  Object.defineProperty(navigator, "virtualKeyboard", { value: keyboard, configurable: true });

  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  const task = () => new Promise((resolve) => setTimeout(resolve, 0));
  const until = async (condition) => { while (!condition()) await frame(); };
  const fire = (...targets) => { for (const [target, type] of targets) target.dispatchEvent(new Event(type)); };

  // Every fetch is counted with the frame it was made in; while `hold` is set, its answer waits for
  // `release()`, which answers it with layoutd's own answer (the rest of its way is microtasks:
  // done before the next task).
  const calls = [];
  let hold = false;
  const counted = (url, init) => {
    const call = { frame: document.timeline.currentTime, body: JSON.parse(init.body) };
    calls.push(call);
    if (!hold) return fetch(url, init);
    return new Promise((resolve) => {
      call.release = async () => {
        const text = await (await fetch(url, init)).text();
        resolve({ ok: true, status: 200, text: async () => text });
        await task();
      };
    });
  };
  const answers = [];
  const stop = followViewport((reading) => ({ ...request, container: { x: 0, y: 0, ...reading.layout } }),
    (answer, body) => answers.push({ answer, body }), { fetch: counted });
  const answeredTo = (call) => answers.some((a) => JSON.stringify(a.body) === JSON.stringify(call.body));
  const result = { listening: listeners.added };

  // It asks once at once.
  await until(() => answers.length === 1);
  result.first = calls[0].body;

  // A burst of events in one task, the numbers changing only after them: one request, the new numbers.
  for (let i = 0; i < 10; i++) fire([viewport, "resize"], [viewport, "scroll"], [keyboard, "geometrychange"]);
  viewport.height = innerHeight - 300;
  viewport.offsetTop = 40;
  await until(() => answers.length === 2);
  await frame();
  await frame();
  result.burst = { calls: calls.length, viewport: calls[1].body.viewport, height: innerHeight - 300 };

  // Events in six frames running, two each: a request a frame.
  for (let i = 0; i < 6; i++) {
    await frame();
    viewport.height -= 1;
    fire([viewport, "resize"], [viewport, "scroll"]);
  }
  await until(() => calls.length === 8 && answeredTo(calls[7]));

  // Answers held back: A then B come in order and are both shown; D comes before C, and C is dropped.
  hold = true;
  const held = {};
  for (const [name, offsetTop] of [["A", 100], ["B", 0], ["C", 120], ["D", 10]]) {
    viewport.offsetTop = offsetTop;
    fire([viewport, "scroll"]);
    const count = calls.length;
    await until(() => calls.length === count + 1);
    held[name] = calls[count];
  }
  const before = answers.length;
  for (const name of ["A", "B", "D", "C"]) await held[name].release();
  result.held = answers.slice(before).map((a) => a.body.viewport.visual.offsetTop);

  // stop() with a frame pending: no request, no listener left, and an answer on its way is dropped.
  hold = true;
  fire([keyboard, "geometrychange"]);
  const count = calls.length;
  await until(() => calls.length === count + 1);
  const late = calls[count];
  fire([viewport, "resize"]);
  const shown = answers.length;
  stop();
  await late.release();
  fire([viewport, "resize"], [viewport, "scroll"], [keyboard, "geometrychange"]);
  await frame();
  await frame();
  await frame();
  result.afterStop = { calls: calls.length - count - 1, answers: answers.length - shown };
  result.listeners = listeners;
  result.frames = calls.map((call) => call.frame);
  result.order = answers.map((a) => calls.findIndex((call) => JSON.stringify(call.body) === JSON.stringify(a.body)));
  done(result);
})().catch((error) => done({ error: String(error) }));
"""


class FollowViewportTest(BrowserTest):
    def setUp(self):
        # A fresh page each time: the stubs replace the window's own visualViewport.
        self.driver.get(BASE + "/layoutd.js")

    def test_one_request_a_frame_read_in_the_frame_stale_answers_dropped_and_stop_removes_the_listeners(self):
        request = {"field": FIELD, "margin": 10}
        result = self.driver.execute_async_script(FOLLOW_VIEWPORT, request)
        self.assertNotIn("error", result, result.get("error"))
        self.assertEqual(result["listening"], 3, "visualViewport resize and scroll, VirtualKeyboard geometrychange")

        first = result["first"]
        layout = first["viewport"]["layout"]
        self.assertEqual(first["container"], {"x": 0, "y": 0, **layout}, "the body request(viewport) returned")
        self.assertEqual(first["field"], FIELD)
        self.assertEqual(set(first), {"container", "field", "margin", "viewport"})

        burst = result["burst"]
        self.assertEqual(burst["calls"], 2, "thirty events in one task: one request")
        self.assertEqual(burst["viewport"]["visual"]["height"], burst["height"],
                         "the numbers are read in the frame, after the events")
        self.assertEqual(burst["viewport"]["visual"]["offsetTop"], 40)

        frames = result["frames"]
        self.assertEqual(len(frames), len(set(frames)), f"two requests in one frame: {frames}")
        self.assertEqual(result["held"], [100, 0, 10], "A and B shown in order; C, after D's answer, dropped")
        self.assertEqual(result["order"], sorted(result["order"]), "no answer shown after a newer one")
        self.assertEqual(result["afterStop"], {"calls": 0, "answers": 0},
                         "after stop() no request is sent and no answer shown")
        listeners = result["listeners"]
        self.assertEqual(listeners["removed"], listeners["added"], "stop() removes every listener")


if __name__ == "__main__":
    unittest.main()
