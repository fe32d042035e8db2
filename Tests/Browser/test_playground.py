"""Drives the playground page (GET /) of a running layoutd in headless Chromium.

The page must draw the answer of the real service: after the keyboard height and the field
position change, the field's drawn offset must equal what POST /avoid answers for the same
request. Screenshots go to $ARTIFACTS (desktop and phone width).

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_playground.py
"""

import json
import os
import unittest
import urllib.request

from browser import ARTIFACTS, BASE, WAIT, PlaygroundPage, post

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait


# The page's default device, iPhone 14 portrait: the geometry of the contract's examples.
SCREEN = {"width": 390, "height": 844}
SAFE_AREA = {"top": 47, "left": 0, "bottom": 34, "right": 0}


class PlaygroundTest(PlaygroundPage):
    # --- page access -------------------------------------------------------------------------

    def page_request(self):
        return json.loads(self.element("request-json").text)

    def set_number(self, element_id, value):
        field = self.element(element_id)
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys(str(value))

    # --- checks ------------------------------------------------------------------------------

    def assert_field_offset_matches_service(self, keyboard_height):
        """Builds the /avoid request from what the page draws and checks the page shows its answer."""
        ghost = self.drawn("field-ghost")
        field = {k: round(ghost[k], 2) for k in ("x", "y", "width", "height")}
        request = {"container": {"x": 0, "y": 0, **SCREEN}, "field": field, "safeArea": SAFE_AREA,
                   "keyboardHeight": keyboard_height, "margin": 10, "mode": "translate"}
        sent = self.page_request()
        for member in ("container", "safeArea", "keyboardHeight", "margin", "mode"):
            self.assertEqual(sent[member], request[member], member)
        for k in field:
            self.assertAlmostEqual(sent["field"][k], field[k], delta=0.05, msg="field." + k)

        status, _, body = post("/avoid", request)
        self.assertEqual(status, 200)
        offset = json.loads(body)["offset"]["y"]

        self.assertAlmostEqual(float(self.readout("field-offset-y")), offset, delta=0.05)
        self.assertAlmostEqual(float(self.element("field-offset").text), offset, delta=0.01)
        moved = self.drawn("field")
        self.assertAlmostEqual(moved["y"] - ghost["y"], offset, delta=1.0, msg="drawn field offset")
        self.assertAlmostEqual(moved["x"], ghost["x"], delta=1.0)
        return offset

    # --- tests -------------------------------------------------------------------------------

    def test_the_page_is_served_with_its_media_type(self):
        with urllib.request.urlopen(BASE + "/", timeout=10) as response:
            self.assertEqual(response.headers.get("Content-Type"), "text/html; charset=utf-8")
            self.assertIn(b"layoutd playground", response.read())
        self.assertEqual(self.driver.title, "layoutd playground")
        self.assertEqual(self.element("status").text, "")

    def test_keyboard_height_and_field_position_give_the_offset_of_the_service(self):
        slider = self.element("kb-height")
        start = int(slider.get_attribute("value"))
        slider.send_keys(Keys.ARROW_LEFT * 40)
        self.wait_for_answer()
        height = int(slider.get_attribute("value"))
        self.assertEqual(height, start - 40)
        first = self.assert_field_offset_matches_service(height)

        # Drag the field down by 60 screen pixels: it moves 60 / scale points.
        before = self.drawn("field-ghost")
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("field"), 0, 60).perform()
        self.wait_for_answer()
        after = self.drawn("field-ghost")
        self.assertAlmostEqual(after["y"] - before["y"], 60 / before["scale"], delta=1.5)
        second = self.assert_field_offset_matches_service(height)
        self.assertNotEqual(first, second)

        # Type a field position high on the screen: nothing is covered, nothing moves.
        self.set_number("field-y", 120)
        self.wait_for_answer()
        self.assertEqual(self.assert_field_offset_matches_service(height), 0)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-moved.png"))

    def test_the_field_moves_with_the_keyboard_and_arrow_keys(self):
        self.element("field").send_keys(Keys.SHIFT, Keys.ARROW_DOWN)
        self.wait_for_answer()
        self.assertEqual(self.page_request()["field"]["y"], 710)
        self.assert_field_offset_matches_service(int(self.element("kb-height").get_attribute("value")))

    def test_also_reveal_companions_are_sent_and_marked_as_the_service_answers(self):
        for checkbox in ("also-label", "also-error", "also-send"):
            self.element(checkbox).click()
            self.wait_for_answer()
        sent = self.page_request()
        field = sent["field"]
        self.assertEqual([r["y"] - field["y"] for r in sent["alsoReveal"]], [-24, 48, 84])
        status, _, body = post("/avoid", sent)
        self.assertEqual(status, 200)
        self.assertEqual(json.loads(body)["alsoRevealed"], [True, True, True])
        for key in ("label", "error", "send"):
            self.assertIn("revealed", self.element("companion-" + key).get_attribute("class"))

        # Move the label up under the status bar: with it the field has no room left to move,
        # so the label is skipped and the error text and the button are still revealed.
        self.element("companion-label").send_keys(Keys.SHIFT, Keys.ARROW_UP * 58)
        WebDriverWait(self.driver, WAIT).until(
            lambda _: self.page_request()["alsoReveal"][0]["y"] == field["y"] - 24 - 580)
        self.wait_for_answer()
        sent = self.page_request()
        status, _, body = post("/avoid", sent)
        answer = json.loads(body)
        self.assertEqual(answer["alsoRevealed"], [False, True, True])
        self.assertEqual(json.loads(self.element("out-also-revealed").text), answer["alsoRevealed"])
        self.assertIn("skipped", self.element("companion-label").get_attribute("class"))
        self.assertIn("revealed", self.element("companion-send").get_attribute("class"))
        # The companions move with the field: the Send button by the answer's offset.
        ghost = self.drawn("field-ghost")
        send = self.drawn("companion-send")
        self.assertAlmostEqual(send["y"] - ghost["y"], 84 + answer["offset"]["y"], delta=1.0)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-also-reveal.png"))

    def test_the_svg_diagram_is_the_answer_of_the_same_request(self):
        self.element("show-svg").click()
        WebDriverWait(self.driver, WAIT).until(
            lambda d: d.execute_script(
                "const i = document.getElementById('diagram'); return !i.hidden && i.complete && i.naturalWidth > 0"),
            "the diagram was not shown")
        status, content_type, body = post("/avoid", self.page_request(), accept="image/svg+xml")
        self.assertEqual((status, content_type), (200, "image/svg+xml"))
        offset = json.loads(self.element("answer-json").text)["offset"]["y"]
        self.assertIn(f"offset.y {round(offset)}".encode(), body)

    def test_caret_follow_scrolls_the_text_by_the_answer(self):
        self.element("tab-caret").click()
        self.wait_for_answer()
        text = self.element("text")
        text.click()
        text.send_keys(Keys.CONTROL, Keys.END)
        text.send_keys(" typing at the end")
        self.wait_for_answer()
        sent = self.page_request()
        self.assertGreater(sent["caret"]["y"], 400)
        status, _, body = post("/caret-follow", sent)
        self.assertEqual(status, 200)
        answer = json.loads(body)
        shown = json.loads(self.element("answer-json").text)
        self.assertEqual(shown, answer)
        scroll = sent["contentOffset"]["y"] - answer["contentOffset"]["y"]
        self.assertAlmostEqual(float(self.readout("field-offset-y")), scroll, delta=0.05)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-caret-follow.png"))

    def test_phone_width_fits_without_sideways_scrolling(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(BASE + "/")
        self.seq = 0
        self.wait_for_answer()
        overflow = self.driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        self.assertLessEqual(overflow, 0)
        stage = self.element("stage").rect
        self.assertLessEqual(stage["x"] + stage["width"], 390)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-phone.png"))

    def test_phone_size_every_control_can_be_reached(self):
        self.driver.set_window_size(390, 844)
        self.driver.get(BASE + "/")
        self.seq = 0
        self.wait_for_answer()
        # Each control of each tab, scrolled to the middle of the screen, is what a tap there hits:
        # nothing of the preview lies over it.
        for tab in ("avoid", "caret", "chat", "web", "sheet"):
            # As a thumb would: scrolled to the middle of the screen first (a click scrolled to the
            # top edge lands on the drawing kept there).
            button = self.element("tab-" + tab)
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
            button.click()
            if tab != "avoid":
                self.wait_for_answer()
            covered = self.driver.execute_script("""
                const controls = document.querySelector('section.controls')
                  .querySelectorAll('input, select, button, textarea, [role=tab]');
                const covered = [];
                for (const control of controls) {
                  if (!control.offsetParent || control.type === 'hidden') continue;
                  control.scrollIntoView({ block: 'center' });
                  const r = control.getBoundingClientRect();
                  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                  if (!(control === hit || control.contains(hit) || (hit && hit.control === control)
                        || (hit && hit.contains(control)))) {
                    covered.push((control.id || control.name || control.textContent) + ' under '
                      + (hit ? hit.id || hit.className : 'nothing'));
                  }
                }
                return covered;""")
            self.assertEqual(covered, [], tab)
        # The drawing stays on screen while the controls scroll under it.
        self.driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
        stage = self.driver.execute_script("return document.getElementById('stage').getBoundingClientRect().toJSON()")
        self.assertGreaterEqual(stage["top"], 0)
        self.assertLess(stage["bottom"], 844 / 2)

    def test_a_diagram_shown_goes_when_the_request_changes(self):
        self.element("show-svg").click()
        WebDriverWait(self.driver, WAIT).until(lambda d: self.element("diagram").is_displayed(), "no diagram")
        self.driver.find_element(By.CSS_SELECTOR, "input[name=keyboard][value=hidden]").click()
        self.wait_for_answer()
        self.assertFalse(self.element("diagram").is_displayed(), "the diagram was of the earlier request")

    def test_without_the_service_the_last_answer_is_shown_as_stale(self):
        self.driver.execute_script(
            "window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
        self.driver.find_element(By.CSS_SELECTOR, "input[name=keyboard][value=hidden]").click()
        WebDriverWait(self.driver, WAIT).until(
            lambda d: "did not answer" in self.element("status").text, "no word of the failure")
        self.assertEqual(self.element("answer-status").text, "no answer")
        self.assertEqual(self.element("answer-json").text, "")
        self.assertEqual(self.readout("stale"), "true")
        self.element("show-svg").click()
        WebDriverWait(self.driver, WAIT).until(
            lambda d: self.element("status").text.startswith("SVG: the service did not answer"),
            "the diagram's failure was not told")
        errors = [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        self.assertEqual(errors, [], "no uncaught error")

    def test_desktop_screenshot(self):
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground.png"))
        self.assertTrue(os.path.getsize(os.path.join(ARTIFACTS, "playground.png")) > 0)


if __name__ == "__main__":
    unittest.main()
