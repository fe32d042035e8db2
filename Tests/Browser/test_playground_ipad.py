"""The playground's iPad window tab (contract §15) in headless Chromium.

An 11" iPad Pro's screen with the app in a Split View, Slide Over or Stage Manager window: the page sends
the window's frame and the screen's bounds with the keyboard in screen coordinates, and draws the
service's answer — the container moved or resized, the overlap on the window, the field where the answer
puts it. A misreport sends one of §15's known wrong numbers instead of the true ones; the answer's
warnings are listed beside it, and there are none when the numbers are honest. Screenshots of each
window kind go to $ARTIFACTS.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 Tests/Browser/test_playground_ipad.py -v
"""

import json
import os
import unittest

from browser import ARTIFACTS, WAIT, PlaygroundPage, post

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

LANDSCAPE = {"x": 0, "y": 0, "width": 1194, "height": 834}
PORTRAIT = {"x": 0, "y": 0, "width": 834, "height": 1194}

# The contract's example window-split-view-right: the tab's first request, with its mode.
SPLIT_VIEW_RIGHT = {
    "window": {"x": 602, "y": 0, "width": 592, "height": 834}, "screen": LANDSCAPE,
    "container": {"x": 0, "y": 0, "width": 592, "height": 834}, "safeArea": {"top": 24, "bottom": 20},
    "field": {"x": 20, "y": 600, "width": 552, "height": 44}, "mode": "translate",
    "keyboard": {"x": 0, "y": 436, "width": 1194, "height": 398}}

MISREPORTS = ["keyboard-beyond-screen", "keyboard-in-window-coordinates", "keyboard-ends-at-window-bottom",
              "screen-is-window", "window-larger-than-screen"]

# Every window of the landscape screen: (kind, Split View width, side).
WINDOWS = [("split", size, side) for size in ("third", "half", "two-thirds") for side in ("left", "right")] + [
    ("slide-over", None, "left"), ("slide-over", None, "right"), ("stage", None, None)]


def expected_warnings(misreport, kind, side):
    """What §15's rules say of each misreport the page sends, in each landscape window of the tab."""
    left_edge = kind == "split" and side == "left"
    if misreport == "keyboard-beyond-screen":
        # x the window's, or at the left edge the frame in pixels: past the screen's side either way.
        return ["keyboard-beyond-screen"]
    if misreport == "keyboard-in-window-coordinates":
        # A Split View window starts at the screen's top: moved by minus its origin the keyboard still
        # reaches the screen's bottom, docked; right of the left edge it lies past the screen's side.
        if kind == "split":
            return [] if left_edge else ["keyboard-beyond-screen"]
        return ["keyboard-beyond-screen", "keyboard-in-window-coordinates"]
    if misreport == "keyboard-ends-at-window-bottom":
        # A Split View window ends at the screen's bottom: the frame ending there is the true one.
        return [] if kind == "split" else ["keyboard-ends-at-window-bottom"]
    if misreport == "screen-is-window":
        # A window at the screen's origin sent as the screen is a screen like any other.
        return [] if left_edge else ["screen-is-window"]
    # Every window of the tab is taller than half the landscape screen: in pixels it is taller than it.
    return ["window-larger-than-screen"]


class PlaygroundIpadTest(PlaygroundPage):
    def setUp(self):
        super().setUp()
        self.element("tab-ipad").click()
        self.wait_for_answer()

    def wait_for_answer(self):
        """Waits until an answer newer than the last one seen is drawn, and it is the answer to the last
        request sent (a drag or keys typed in a row may send more than one)."""
        previous = self.seq

        def latest(_):
            seq, settled, pending, requests = self.driver.execute_script(
                "const d = document.getElementById('readout').dataset;"
                "return [d.seq, d.settled, d.pending, d.requests];")
            return (seq is not None and int(seq) > previous and settled == "true" and pending == "false"
                    and seq == requests)

        WebDriverWait(self.driver, WAIT, poll_frequency=0.05).until(latest, "the page drew no new answer")
        self.seq = int(self.readout("seq"))

    def tearDown(self):
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "the page logged no uncaught error")

    # --- page access -------------------------------------------------------------------------

    def scale(self):
        return float(self.readout("scale"))

    def exchange(self):
        """The request the page sent and the answer it shows, which must be the service's own."""
        self.assertEqual(self.element("endpoint-name").text, "POST /avoid")
        request = json.loads(self.element("request-json").text)
        answer = json.loads(self.element("answer-json").text)
        status, _, body = post("/avoid", request)
        self.assertEqual(status, 200, body)
        self.assertEqual(answer, json.loads(body), "the page shows the service's answer")
        return request, answer

    def choose(self, select_id, value):
        """Picks an option of a select and waits for its answer; nothing when it is picked already."""
        select = Select(self.element(select_id))
        if select.first_selected_option.get_attribute("value") == value:
            return
        select.select_by_value(value)
        self.wait_for_answer()

    def check(self, name, value):
        """Checks a radio button and waits for its answer; nothing when it is checked already."""
        radio = self.driver.find_element(By.CSS_SELECTOR, f"input[name={name}][value={value}]")
        if radio.is_selected():
            return
        radio.click()
        self.wait_for_answer()

    def window(self, kind, size=None, side=None):
        self.choose("ipad-window-kind", kind)
        if size:
            self.choose("ipad-split", size)
        if side:
            self.check("ipad-side", side)

    def keys(self, element_id, *keys):
        self.element(element_id).send_keys(*keys)
        self.wait_for_answer()

    def screenshot(self, name):
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.driver.save_screenshot(os.path.join(ARTIFACTS, name))

    def shown_warnings(self):
        return self.driver.execute_script(
            "return [...document.querySelectorAll('#warnings-list li')].map((li) => li.dataset.warning)")

    def page(self):
        """What the page shows, read at once: the readout's data and texts, the warnings listed, and the
        drawn rects (in points of the screen) of the window, the field where it was and where it is, the
        overlap and the visible part."""
        return self.driver.execute_script(
            """
            const $ = (id) => document.getElementById(id);
            const scale = Number($('readout').dataset.scale);
            const screen = $('screen').getBoundingClientRect();
            const drawn = (id) => {
              const r = $(id).getBoundingClientRect();
              return {x: (r.left - screen.left) / scale, y: (r.top - screen.top) / scale,
                      width: r.width / scale, height: r.height / scale, shown: r.width > 0 && r.height > 0};
            };
            const rects = {};
            for (const id of ['ipad-window', 'ipad-field', 'ipad-field-ghost', 'ipad-overlap', 'ipad-visible',
                              'ipad-keyboard']) rects[id] = drawn(id);
            return {data: {...$('readout').dataset}, rects,
              text: Object.fromEntries(['out-keyboard', 'field-offset', 'out-ipad-warnings', 'ipad-overlap-label',
                'warnings-none'].map((id) => [id, $(id).innerText.trim()])),
              warnings: [...document.querySelectorAll('#warnings-list li')].map((li) => li.dataset.warning),
              warningsBox: $('warnings-box').checkVisibility(), note: $('warnings-none').checkVisibility()};
            """)

    # --- checks ------------------------------------------------------------------------------

    def assert_rect(self, drawn, rect, what, delta=1.0):
        for k in ("x", "y", "width", "height"):
            self.assertAlmostEqual(drawn[k], rect[k], delta=delta, msg=f"{what}.{k}: {drawn} against {rect}")

    def assert_drawn_from(self, request, answer):
        """The readout and the drawing show the answer's numbers: its keyboard, the overlap on the window,
        the field moved by its offset (or the container resized), its warnings."""
        page = self.page()
        data, rects, text = page["data"], page["rects"], page["text"]
        overlap = answer["keyboard"]["overlap"]
        self.assertEqual(data["state"], answer["keyboard"]["state"])
        self.assertEqual(float(data["overlap"]), overlap)
        self.assertEqual(text["out-keyboard"], f"{answer['keyboard']['state']}, overlap {round(overlap, 2):g}")
        warnings = answer.get("warnings", [])
        self.assertEqual(data["warnings"], " ".join(warnings))
        self.assertEqual(page["warnings"], warnings)
        self.assertEqual(text["out-ipad-warnings"], ", ".join(warnings) if warnings else "none")
        self.assertTrue(page["warningsBox"], "the warnings are beside the answer")
        if not warnings:
            self.assertTrue(page["note"], "no warning is said")
        window = rects["ipad-window"]
        if answer["mode"] == "translate":
            offset = answer["offset"]["y"]
        elif answer["mode"] == "scroll":
            offset = request["contentOffset"]["y"] - answer["contentOffset"]["y"]
        else:
            offset = 0
            self.assertEqual(float(data["visibleHeight"]), answer["visible"]["height"])
            visible = answer["visible"]
            self.assert_rect(rects["ipad-visible"], {**visible, "x": window["x"] + visible["x"],
                                                     "y": window["y"] + visible["y"]}, "the visible part")
        self.assertEqual(float(data["offset"]), offset)
        self.assertEqual(float(data["fieldOffsetY"]), offset)
        self.assertEqual(text["field-offset"], f"{round(offset, 2):g}")
        field, ghost = rects["ipad-field"], rects["ipad-field-ghost"]
        self.assertAlmostEqual(field["y"] - ghost["y"], offset, delta=1.0, msg="the field moved by the answer")
        self.assertAlmostEqual(ghost["y"], window["y"] + request["field"]["y"], delta=1.0, msg="the field sent")
        # The overlap is the bottom of the window's container that the keyboard covers.
        self.assertEqual(rects["ipad-overlap"]["shown"], overlap > 0)
        if overlap > 0:
            self.assert_rect(rects["ipad-overlap"], {"x": window["x"], "y": window["y"] + window["height"] - overlap,
                                                     "width": window["width"], "height": overlap}, "the overlap")
            self.assertEqual(text["ipad-overlap-label"], f"overlap {round(overlap, 2):g}")
        return page

    # --- tests -------------------------------------------------------------------------------

    def test_the_tab_opens_and_draws_a_first_answer(self):
        tab = self.element("tab-ipad")
        self.assertEqual(tab.text, "iPad window")
        self.assertEqual(tab.get_attribute("aria-selected"), "true")
        self.assertTrue(self.element("panel-ipad").is_displayed())
        for other in ("avoid", "caret", "chat", "web", "sheet"):
            self.assertFalse(self.element("panel-" + other).is_displayed(), other)
        # The iPad is a device and a keyboard of its own.
        self.assertFalse(self.element("device-controls").is_displayed())
        self.assertFalse(self.element("keyboard-controls").is_displayed())
        request, answer = self.exchange()
        self.assertEqual(request["screen"], LANDSCAPE)
        self.assertEqual(request["container"], {"x": 0, "y": 0, "width": request["window"]["width"],
                                                "height": request["window"]["height"]})
        self.assert_drawn_from(request, answer)
        self.assert_rect(self.drawn("screen"), {"x": 0, "y": 0, "width": 1194, "height": 834}, "the screen")
        self.assertEqual(self.element("warnings-none").text, "None: the numbers look honest.")
        # The tabs go round with the arrow keys: the iPad's is the last.
        tab.send_keys(Keys.ARROW_RIGHT)
        self.wait_for_answer()
        self.assertEqual(self.element("tab-avoid").get_attribute("aria-selected"), "true")
        self.assertFalse(self.element("warnings-box").is_displayed())
        self.element("tab-avoid").send_keys(Keys.END)
        self.wait_for_answer()
        self.assertEqual(self.driver.switch_to.active_element, tab)
        self.assertTrue(self.element("panel-ipad").is_displayed())

    def test_split_view_half_right_with_a_docked_398_keyboard(self):
        self.window("split", "half", "right")
        request, answer = self.exchange()
        # The contract's example: docked at the screen's bottom, not by its width; the field raised.
        self.assertEqual(request, SPLIT_VIEW_RIGHT)
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 398})
        self.assertLess(answer["offset"]["y"], 0)
        self.assertEqual(answer["offset"]["y"], -218)
        self.assertNotIn("warnings", answer)
        self.assert_drawn_from(request, answer)
        self.assert_rect(self.drawn("ipad-window"), request["window"], "the window")
        self.assert_rect(self.drawn("ipad-keyboard"), request["keyboard"], "the keyboard")
        self.assertEqual(self.readout("window"), "602 0 592 834")
        self.screenshot("playground-ipad-split-view.png")

        # The field moved with the arrow keys; the keyboard sent as its height: the same overlap.
        self.keys("ipad-field", Keys.SHIFT, Keys.ARROW_UP)
        self.element("ipad-kb-as-height").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(request["field"]["y"], 590)
        self.assertEqual(request["keyboardHeight"], 398)
        self.assertNotIn("keyboard", request)
        self.assertEqual(answer["offset"]["y"], -208)
        self.assert_drawn_from(request, answer)

        # resize: the container gives up the part the keyboard covers.
        self.choose("ipad-mode", "resize")
        request, answer = self.exchange()
        self.assertEqual(answer["visible"], {"x": 0, "y": 0, "width": 592, "height": 436})
        self.assert_drawn_from(request, answer)

        # Split View ⅓ on the left: the keyboard spans the screen, the window starts at its left edge.
        self.window("split", "third", "left")
        request, answer = self.exchange()
        self.assertEqual(request["window"], {"x": 0, "y": 0, "width": 375, "height": 834})
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 398})
        self.assert_drawn_from(request, answer)

    def test_slide_over_is_covered_by_less_than_the_keyboard(self):
        self.window("slide-over", side="right")
        request, answer = self.exchange()
        self.assertEqual(request["window"], {"x": 866, "y": 24, "width": 320, "height": 790})
        self.assertEqual(request["safeArea"], {"top": 0, "bottom": 0})
        self.assertEqual(answer["keyboard"]["state"], "docked")
        # The panel ends 20 above the screen's bottom: that strip of the keyboard covers nothing of it.
        self.assertLess(answer["keyboard"]["overlap"], 398)
        self.assertEqual(answer["keyboard"]["overlap"], 378)
        self.assert_drawn_from(request, answer)
        self.assert_rect(self.drawn("ipad-overlap"), {"x": 866, "y": 436, "width": 320, "height": 378}, "the overlap")
        self.screenshot("playground-ipad-slide-over.png")

        # Portrait and on the left: the contract's example's panel, mirrored, in scroll mode.
        self.check("ipad-orientation", "portrait")
        self.check("ipad-side", "left")
        self.choose("ipad-mode", "scroll")
        request, answer = self.exchange()
        self.assertEqual(request["screen"], PORTRAIT)
        self.assertEqual(request["window"], {"x": 8, "y": 24, "width": 320, "height": 1150})
        self.assertEqual(request["keyboard"], {"x": 0, "y": 874, "width": 834, "height": 320})
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 300})
        self.assertEqual(answer["contentInset"]["bottom"], 300)
        self.assert_drawn_from(request, answer)

    def test_a_stage_manager_window_dragged_above_the_keyboard_is_not_covered(self):
        self.window("stage")
        request, answer = self.exchange()
        self.assertEqual(request["window"], {"x": 140, "y": 150, "width": 640, "height": 520})
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 670 - 436})
        self.assert_drawn_from(request, answer)
        self.screenshot("playground-ipad-stage-manager.png")

        # Dragged by its top bar to the screen's top: still 84 over the keyboard's top.
        scale = self.scale()
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("ipad-grabber"), 0, -200 * scale).perform()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(request["window"]["y"], 0)
        self.assertAlmostEqual(request["window"]["x"], 140, delta=1)
        self.assertEqual(answer["keyboard"]["overlap"], 520 - 436)
        self.assert_drawn_from(request, answer)

        # Made 100 shorter with the keyboard (Alt+Shift+↑ ten times): above the keyboard, overlap 0.
        self.keys("ipad-grabber", Keys.ALT, Keys.SHIFT, *[Keys.ARROW_UP] * 10)
        request, answer = self.exchange()
        self.assertEqual(request["container"]["height"], 420)
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 0})
        self.assertEqual(answer["offset"]["y"], 0)
        self.assert_drawn_from(request, answer)
        self.assertEqual(self.readout("overlap"), "0")

        # Moved with the arrow keys and widened by its corner with the pointer.
        self.keys("ipad-grabber", Keys.SHIFT, Keys.ARROW_RIGHT)
        self.assertEqual(json.loads(self.element("request-json").text)["window"]["x"], request["window"]["x"] + 10)
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("ipad-resize"), 60 * scale, 0).perform()
        self.wait_for_answer()
        request, answer = self.exchange()
        # A pointer moves in whole pixels: 60 points are 60 × scale of them, rounded.
        self.assertAlmostEqual(request["window"]["width"], 700, delta=1 / scale + 1)
        self.assert_rect(self.drawn("ipad-window"), request["window"], "the window")
        self.screenshot("playground-ipad-stage-manager-above.png")

    def test_a_floating_keyboard_is_undocked_and_ignored_by_default(self):
        self.check("ipad-keyboard", "floating")
        request, answer = self.exchange()
        self.assertEqual(request["keyboard"], {"x": 437, "y": 440, "width": 320, "height": 254})
        self.assertNotIn("undocked", request)
        self.assertEqual(answer["keyboard"], {"state": "undocked", "overlap": 0})
        self.assertEqual(answer["offset"]["y"], 0)
        self.assertNotIn("warnings", answer)
        self.assert_drawn_from(request, answer)
        self.assertIn("ignored", self.element("ipad-keyboard").get_attribute("class"))
        self.assert_rect(self.drawn("ipad-keyboard"), request["keyboard"], "the floating keyboard")
        self.screenshot("playground-ipad-floating.png")

        # Avoided, it covers the window's bottom from its top down (834 - 440).
        self.choose("ipad-undocked", "avoid")
        request, answer = self.exchange()
        self.assertEqual(request["undocked"], "avoid")
        self.assertEqual(answer["keyboard"], {"state": "undocked", "overlap": 394})
        self.assert_drawn_from(request, answer)
        # Placed with the arrow keys: out of the window's way to the left, nothing is covered.
        self.keys("ipad-keyboard", Keys.SHIFT, *[Keys.ARROW_LEFT] * 20)
        request, answer = self.exchange()
        self.assertEqual(request["keyboard"]["x"], 237)
        self.assertEqual(answer["keyboard"], {"state": "undocked", "overlap": 0})
        self.assert_drawn_from(request, answer)

    def test_each_misreport_gives_exactly_its_warning(self):
        # Each in a window where its warning is the only one that can fire.
        cases = [
            ("keyboard-beyond-screen", ("split", "half", "right")),
            ("keyboard-in-window-coordinates", ("stage", None, None)),
            ("keyboard-ends-at-window-bottom", ("slide-over", None, "right")),
            ("screen-is-window", ("stage", None, None)),
            ("window-larger-than-screen", ("split", "half", "right")),
        ]
        for misreport, window in cases:
            with self.subTest(misreport=misreport):
                self.choose("ipad-misreport", "none")
                self.window(*window)
                if misreport == "keyboard-in-window-coordinates":
                    # At the screen's left edge: moved by minus the origin it stays inside the screen's sides.
                    self.keys("ipad-grabber", Keys.SHIFT, *[Keys.ARROW_LEFT] * 20)
                self.choose("ipad-misreport", misreport)
                request, answer = self.exchange()
                true_window = self.driver.execute_script(
                    "return document.getElementById('readout').dataset.window").split()
                x, y, width, height = (float(v) for v in true_window)
                if misreport == "keyboard-beyond-screen":
                    self.assertEqual(request["keyboard"]["x"], x)
                elif misreport == "keyboard-in-window-coordinates":
                    self.assertEqual((x, request["keyboard"]["y"]), (0, 834 - 398 - y))
                elif misreport == "keyboard-ends-at-window-bottom":
                    self.assertEqual(request["keyboard"]["y"] + request["keyboard"]["height"], y + height)
                elif misreport == "screen-is-window":
                    self.assertEqual(request["screen"], request["window"])
                    self.assertEqual(request["keyboardHeight"], 398)
                else:
                    self.assertEqual(request["window"], {"x": 2 * x, "y": 2 * y, "width": 2 * width,
                                                         "height": 2 * height})
                self.assertEqual(answer["warnings"], [misreport])
                self.assert_drawn_from(request, answer)
                item = self.driver.find_element(By.CSS_SELECTOR, "#warnings-list li")
                self.assertTrue(item.is_displayed())
                self.assertTrue(item.text.startswith(misreport + ": "), item.text)
                self.assertGreater(len(item.text), len(misreport) + 20, "a line of explanation")
                self.assertFalse(self.element("warnings-none").is_displayed())
                self.screenshot(f"playground-ipad-misreport-{misreport}.png")
        # Honest again: no warning.
        self.choose("ipad-misreport", "none")
        request, answer = self.exchange()
        self.assertNotIn("warnings", answer)
        self.assert_drawn_from(request, answer)
        self.assertEqual(self.shown_warnings(), [])

    def test_each_misreport_in_each_window_is_shown_as_the_service_answers(self):
        for kind, size, side in WINDOWS:
            self.choose("ipad-misreport", "none")
            self.window(kind, size, side)
            for misreport in MISREPORTS:
                with self.subTest(window=(kind, size, side), misreport=misreport):
                    self.choose("ipad-misreport", misreport)
                    request, answer = self.exchange()
                    expected = expected_warnings(misreport, kind, side)
                    self.assertEqual(answer.get("warnings", []), expected)
                    # Where the misreport's own warning is absent, the page says why.
                    page = self.assert_drawn_from(request, answer)
                    self.assertEqual(page["note"], misreport not in expected)
                    if misreport not in expected:
                        self.assertIn(f"earns no {misreport} here", page["text"]["warnings-none"])

    def test_honest_numbers_give_no_warnings_in_any_window(self):
        for orientation in ("landscape", "portrait"):
            self.check("ipad-orientation", orientation)
            for kind, size, side in WINDOWS:
                self.window(kind, size, side)
                for keyboard in ("docked", "height", "floating", "hidden"):
                    with self.subTest(orientation=orientation, window=(kind, size, side), keyboard=keyboard):
                        self.check("ipad-keyboard", "docked" if keyboard == "height" else keyboard)
                        as_height = self.element("ipad-kb-as-height")
                        if keyboard in ("docked", "height") and as_height.is_selected() != (keyboard == "height"):
                            as_height.click()
                            self.wait_for_answer()
                        request, answer = self.exchange()
                        self.assertEqual(request["screen"], LANDSCAPE if orientation == "landscape" else PORTRAIT)
                        self.assertEqual("keyboardHeight" in request, keyboard == "height")
                        self.assertNotIn("warnings", answer)
                        page = self.assert_drawn_from(request, answer)
                        self.assertEqual(page["text"]["warnings-none"], "None: the numbers look honest.")
                if kind == "stage":
                    self.screenshot(f"playground-ipad-stage-manager-{orientation}.png")
            self.check("ipad-keyboard", "docked")

    def test_phone_size_every_control_can_be_reached(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(self.driver.current_url)
        self.seq = 0
        self.wait_for_answer()
        button = self.element("tab-ipad")
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
        button.click()
        self.wait_for_answer()
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0)
        covered = self.driver.execute_script("""
            const controls = document.getElementById('panel-ipad').querySelectorAll('input, select, button');
            const covered = [];
            for (const control of controls) {
              if (!control.offsetParent) continue;
              control.scrollIntoView({ block: 'center' });
              const r = control.getBoundingClientRect();
              const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
              if (!(control === hit || control.contains(hit) || (hit && hit.control === control)
                    || (hit && hit.contains(control)))) {
                covered.push((control.id || control.name) + ' under ' + (hit ? hit.id || hit.className : 'nothing'));
              }
            }
            return covered;""")
        self.assertEqual(covered, [])
        self.screenshot("playground-ipad-phone.png")


if __name__ == "__main__":
    unittest.main()
