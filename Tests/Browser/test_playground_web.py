"""The playground's web page tab (contract §13) and /sheet tab (§14) in headless Chromium.

- web page: Safari's pan (a rubber band past the end included), pinch-zoom and the three
  interactive-widget modes (a floating keyboard too) are sent as the `viewport` a browser would
  report; the drawn fixed bars, placed by layoutd.js's placeFixedBars from the service's answer, sit
  on the edges of the answer's visible band at their unzoomed size, and the page moves by its offset.
- /sheet: detents added, removed and rested at, the three keyboardBehaviors and topInset are sent;
  the sheet, the strip below it and the field in its scroll view are drawn where the service's answer
  says; the keyboard on its way draws the sheet the service answers at that height, with no request.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_playground_web.py
"""

import json
import os
import unittest

from browser import ARTIFACTS, WAIT, PlaygroundPage, post

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

# The page's default device, iPhone 14 portrait: a 390×664 layout viewport in Safari, its keyboard
# 287 tall on screen, and the sheet of the contract's examples.
LAYOUT = {"width": 390, "height": 664}
BAR = 44


class PlaygroundTab(PlaygroundPage):
    TAB = None

    def setUp(self):
        super().setUp()
        self.element("tab-" + self.TAB).click()
        self.wait_for_answer()

    def exchange(self):
        """The request the page sent and the answer it drew, which must be the service's own."""
        request = json.loads(self.element("request-json").text)
        answer = json.loads(self.element("answer-json").text)
        path = self.element("endpoint-name").text.split()[-1]
        status, _, body = post(path, request)
        self.assertEqual(status, 200, body)
        self.assertEqual(answer, json.loads(body), "the page draws the service's answer")
        return request, answer

    def assert_rect(self, drawn, rect, what, delta=0.5):
        for k in ("x", "y", "width", "height"):
            self.assertAlmostEqual(drawn[k], rect[k], delta=delta, msg=f"{what}.{k}: {drawn} against {rect}")

    def slide(self, element_id, *keys):
        self.element(element_id).send_keys(*keys)
        self.wait_for_answer()


class PlaygroundWebTest(PlaygroundTab):
    TAB = "web"

    def assert_drawn_from(self, request, answer):
        """The bars on the visible band's edges at their unzoomed size; the band, the page's offset."""
        vp = answer["viewport"]
        visible = vp["visible"]
        scale = request["viewport"]["visual"]["scale"]
        self.assert_rect(self.drawn("web-visible"), visible, "the visible band")
        top, bottom = self.drawn("web-bar-top"), self.drawn("web-bar-bottom")
        self.assertAlmostEqual(top["y"], visible["y"], delta=0.5, msg="the top bar on the band's top")
        self.assertAlmostEqual(bottom["y"] + bottom["height"], visible["y"] + visible["height"], delta=0.5,
                               msg="the bottom bar on the band's bottom")
        for name, bar in (("top", top), ("bottom", bottom)):
            self.assertAlmostEqual(bar["x"], visible["x"], delta=0.5, msg=f"the {name} bar's left")
            self.assertAlmostEqual(bar["width"] * scale, LAYOUT["width"], delta=0.5, msg=f"the {name} bar's width")
            self.assertAlmostEqual(bar["height"] * scale, BAR, delta=0.5, msg=f"the {name} bar's height")
        shift = self.drawn("web-field")["y"] - self.drawn("web-field-ghost")["y"]
        self.assertAlmostEqual(shift, answer["offset"]["y"], delta=0.5, msg="the page moves by the offset")
        self.assertEqual(self.element("out-vp-keyboard").text, f"{round(vp['keyboardHeight'], 2):g}")

    def test_safari_pan_and_its_rubber_band(self):
        request, answer = self.exchange()
        self.assertEqual(request["container"], {"x": 0, "y": 0, **LAYOUT})
        self.assertEqual(request["viewport"], {"layout": LAYOUT, "visual": {
            "offsetLeft": 0, "offsetTop": 0, "width": 390, "height": 377, "scale": 1}})
        self.assert_drawn_from(request, answer)

        # Safari pans the page 157.5 up (the contract's example): the keyboard covers 129.5 of it.
        self.slide("web-pan", Keys.ARROW_RIGHT * 315)
        request, answer = self.exchange()
        self.assertEqual(request["viewport"]["visual"]["offsetTop"], 157.5)
        self.assertEqual(answer["keyboard"], {"state": "docked", "overlap": 129.5})
        self.assertEqual(answer["viewport"]["fixedBottom"]["y"], -129.5)
        self.assert_drawn_from(request, answer)

        # Past the end the page rubber-bands: read as it is, answered as the end it passed.
        self.slide("web-pan", Keys.END)
        request, answer = self.exchange()
        offset = request["viewport"]["visual"]["offsetTop"]
        self.assertEqual(offset, 664 - 377 + 60)
        self.assertAlmostEqual(self.drawn("web-read")["y"], offset, delta=0.5, msg="the viewport as read")
        self.assertEqual(answer["viewport"]["visible"]["y"], 664 - 377)
        self.assert_drawn_from(request, answer)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-web-pan.png"))

    def test_pinch_zoom_keeps_the_bars_on_the_zoomed_band_at_their_size(self):
        self.slide("web-scale", Keys.ARROW_RIGHT * 20)
        request, answer = self.exchange()
        visual = request["viewport"]["visual"]
        self.assertEqual((visual["scale"], visual["width"], visual["height"]), (2, 195, 188.5))
        self.assertGreater(visual["offsetTop"], 0, "zoomed about the band's centre")
        self.assertEqual(answer["viewport"]["keyboardHeight"], 287, "the keyboard is the same on screen")
        self.assertEqual(answer["viewport"]["fixedTop"]["scale"], 0.5)
        self.assert_drawn_from(request, answer)
        # The keyboard starts at the band's bottom and is 287 screen pixels tall: 143.5 of the page.
        visible = answer["viewport"]["visible"]
        self.assert_rect(self.drawn("web-keyboard"), {"x": visible["x"], "y": visible["y"] + visible["height"],
                                                     "width": visible["width"], "height": 143.5}, "the keyboard")
        self.slide("web-left", Keys.END)
        request, answer = self.exchange()
        self.assertEqual(request["viewport"]["visual"]["offsetLeft"], 195)
        self.assert_drawn_from(request, answer)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-web-zoom.png"))

    def test_the_three_interactive_widget_modes_and_a_floating_keyboard(self):
        self.element("web-kb-height").send_keys(Keys.ARROW_LEFT * 37)
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(request["viewport"]["visual"]["height"], 664 - 250)

        self.driver.find_element(By.CSS_SELECTOR, "input[name=widget][value=resizes-content]").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        viewport = request["viewport"]
        self.assertEqual((viewport["interactiveWidget"], viewport["restingHeight"]), ("resizes-content", 664))
        self.assertEqual(viewport["layout"], {"width": 390, "height": 414}, "the keyboard shrank the layout viewport")
        self.assertEqual(answer["keyboard"]["overlap"], 0)
        self.assertEqual(answer["viewport"]["keyboardHeight"], 250)
        self.assert_drawn_from(request, answer)
        self.assertAlmostEqual(self.drawn("web-bar-bottom")["y"] + BAR, 414, delta=0.5)

        self.driver.find_element(By.CSS_SELECTOR, "input[name=widget][value=overlays-content]").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        viewport = request["viewport"]
        self.assertEqual(viewport["keyboardRect"], {"x": 0, "y": 414, "width": 390, "height": 250})
        self.assertEqual(viewport["visual"]["height"], 664, "no viewport shrinks")
        self.assertEqual(answer["viewport"]["visible"]["height"], 414, "the band ends at the keyboard's top")
        self.assert_rect(self.drawn("web-keyboard"), viewport["keyboardRect"], "the keyboard")
        self.assert_drawn_from(request, answer)

        self.driver.find_element(By.CSS_SELECTOR, "input[name=web-keyboard][value=floating]").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        rect = request["viewport"]["keyboardRect"]
        self.assertEqual(answer["keyboard"]["state"], "undocked")
        self.assertEqual(answer["viewport"]["visible"]["height"], 664, "ignored: nothing is covered")
        self.assert_drawn_from(request, answer)
        # Dragged 60 screen pixels down, and avoided: the band ends at its top.
        before = self.drawn("web-keyboard")
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("web-keyboard"), 0, 60).perform()
        self.wait_for_answer()
        self.element("web-avoid").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        moved = request["viewport"]["keyboardRect"]
        self.assertAlmostEqual(moved["y"] - rect["y"], self.drawn("web-keyboard")["y"] - before["y"], delta=0.01)
        self.assertGreater(moved["y"], rect["y"])
        self.assertEqual(request["undocked"], "avoid")
        self.assertEqual(answer["viewport"]["visible"]["height"], moved["y"])
        self.assert_drawn_from(request, answer)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-web-floating.png"))

    def test_overlays_content_under_pinch_zoom_reports_the_keyboard_where_the_page_sees_it(self):
        self.driver.find_element(By.CSS_SELECTOR, "input[name=widget][value=overlays-content]").click()
        self.wait_for_answer()
        self.slide("web-scale", Keys.ARROW_RIGHT * 20)
        # The VirtualKeyboard's rectangle is in the layout viewport's coordinates: 287 screen pixels at
        # the bottom of the visual viewport, 143.5 of the page at 2×. Zoomed about the band's centre,
        # that is not the layout viewport's bottom: §3 reads it as undocked.
        request, answer = self.exchange()
        viewport = request["viewport"]
        visual = viewport["visual"]
        self.assertEqual((visual["scale"], visual["height"]), (2, 332), "no viewport shrinks")
        self.assertGreater(visual["offsetTop"], 0)
        self.assertEqual(viewport["keyboardRect"], {"x": visual["offsetLeft"], "y": visual["offsetTop"] + 332 - 143.5,
                                                    "width": 195, "height": 143.5})
        self.assertEqual(answer["keyboard"]["state"], "undocked")
        self.assert_rect(self.drawn("web-keyboard"), viewport["keyboardRect"], "the keyboard")
        self.assert_drawn_from(request, answer)
        # Panned to the bottom (a rubber band past it reads as the bottom) it is docked, and 287 pixels
        # tall on screen, as the slider says.
        self.slide("web-pan", Keys.END)
        request, answer = self.exchange()
        viewport = request["viewport"]
        self.assertEqual(viewport["visual"]["offsetTop"], 332 + 60)
        self.assertEqual(viewport["keyboardRect"]["y"], 664 - 143.5)
        self.assertEqual(answer["keyboard"]["state"], "docked")
        self.assertEqual(answer["viewport"]["keyboardHeight"], 287)
        self.assertEqual(self.element("web-kb-height-out").text, "287 px")
        self.assert_rect(self.drawn("web-keyboard"), viewport["keyboardRect"], "the keyboard")
        self.assert_drawn_from(request, answer)

    def test_the_field_is_dragged_on_the_page(self):
        before = self.exchange()[0]["field"]
        scale = float(self.readout("scale"))
        # From the field's centre, under the layout viewport's outline and its fixed bottom bar.
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("web-field"), 0, -round(60 * scale)).perform()
        self.wait_for_answer()
        after = self.exchange()[0]["field"]
        self.assertAlmostEqual(after["y"] - before["y"], -60, delta=1)
        self.assertEqual(after["x"], before["x"])

    def test_the_readout_shows_the_web_members(self):
        for row in ("out-vp-visible", "out-vp-top", "out-vp-bottom", "out-fits", "field-offset"):
            self.assertTrue(self.element(row).is_displayed(), row)
        for row in ("out-also-revealed", "out-at-end", "out-shrunk"):
            self.assertFalse(self.element(row).is_displayed(), row)
        self.assertEqual(self.element("out-vp-bottom").text, "translate(0px, -287px) scale(1)")


class PlaygroundSheetTest(PlaygroundTab):
    TAB = "sheet"

    def assert_drawn_from(self, request, values):
        """The sheet, the strip below it and the field where `values` (an answer's, or the track's) say."""
        container = request["container"]
        sheet = {"x": 0, "y": values["sheetY"], "width": container["width"], "height": values["sheetHeight"]}
        self.assert_rect(self.drawn("sheet-box"), sheet, "the sheet")
        strip = self.drawn("sheet-strip")
        self.assertAlmostEqual(strip["y"], sheet["y"] + sheet["height"], delta=0.5)
        self.assertAlmostEqual(strip["height"], container["height"] - sheet["y"] - sheet["height"], delta=0.5)
        if "field" in request:
            field = self.drawn("sheet-field")
            offset = values.get("contentOffsetY", request["contentOffset"]["y"])
            self.assertAlmostEqual(field["y"], sheet["y"] + request["header"] + request["field"]["y"] - offset,
                                   delta=0.5, msg="the field in the sheet's scroll view")

    def answered(self, request, answer):
        values = {"sheetY": answer["sheet"]["y"], "sheetHeight": answer["sheet"]["height"]}
        if "contentOffset" in answer:
            values["contentOffsetY"] = answer["contentOffset"]["y"]
        self.assert_drawn_from(request, values)
        self.assertEqual(self.element("out-shrunk").text, str(answer["shrunk"]).lower())

    def test_the_contract_sheet_with_a_field(self):
        request, answer = self.exchange()
        self.assertEqual((request["detents"], request["detent"], request["header"]), ([300, 600], 0, 56))
        self.assertEqual(answer["sheet"], {"y": 208, "height": 300})
        self.assertEqual((answer["bottomInset"], answer["contentOffset"]["y"], answer["fits"]), (336, 210, True))
        self.answered(request, answer)
        self.assertEqual(self.element("out-sheet").text, "y 208, height 300")
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-sheet.png"))

    def test_the_header_setting_draws_the_header(self):
        field = self.element("sheet-header")
        field.send_keys(Keys.CONTROL, "a")
        field.send_keys("120")
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(request["header"], 120)
        self.assertAlmostEqual(self.drawn("sheet-head")["height"], 120, delta=0.5, msg="the sheet's header, drawn")
        self.assertLess(field.rect["height"], 60, "the input keeps its own size")
        self.answered(request, answer)

    def test_keyboard_behaviors_and_top_inset(self):
        behavior = Select(self.element("sheet-behavior"))
        for value, sheet, shrunk in (("extend", {"y": 47, "height": 461}, True),
                                     ("fillParent", {"y": 47, "height": 461}, False)):
            behavior.select_by_value(value)
            self.wait_for_answer()
            request, answer = self.exchange()
            self.assertEqual(request["keyboardBehavior"], value)
            self.assertEqual((answer["sheet"], answer["shrunk"]), (sheet, shrunk))
            self.answered(request, answer)
        self.element("sheet-top-inset").send_keys(Keys.CONTROL, "a")
        self.element("sheet-top-inset").send_keys("10")
        WebDriverWait(self.driver, WAIT).until(lambda _: json.loads(self.element("request-json").text)["topInset"] == 10)
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(answer["sheet"], {"y": 57, "height": 451})
        self.answered(request, answer)

    def test_detents_added_removed_and_rested_at(self):
        self.element("sheet-add-detent").click()
        self.wait_for_answer()
        self.element("sheet-rest-2").click()
        self.wait_for_answer()
        request, _ = self.exchange()
        self.assertEqual((request["detents"], request["detent"]), ([300, 600, 700], 2))
        self.element("sheet-remove-1").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual((request["detents"], request["detent"]), ([300, 700], 1), "it still rests at 700")
        self.assertTrue(answer["shrunk"])
        self.answered(request, answer)
        self.element("sheet-remove-0").click()
        self.wait_for_answer()
        self.assertIsNotNone(self.element("sheet-remove-0").get_attribute("disabled"), "the last detent stays")

    def test_the_field_is_dragged_and_scrolled_into_the_sheet(self):
        before = json.loads(self.element("request-json").text)["field"]["y"]
        scale = float(self.readout("scale"))
        ActionChains(self.driver).drag_and_drop_by_offset(self.element("sheet-field"), 0, 120).perform()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertAlmostEqual(request["field"]["y"] - before, 120 / scale, delta=1.5)
        self.assertGreater(answer["contentOffset"]["y"], 210)
        self.answered(request, answer)

    def test_the_keyboard_on_its_way_draws_the_sheet_the_service_answers_there(self):
        request, answer = self.exchange()
        sent = self.element("request-count").text
        slider = self.element("kb-travel")
        slider.send_keys(Keys.HOME)
        for h in (0, 20, 34, 100, 250.5):
            if h:
                slider.send_keys(Keys.HOME, Keys.ARROW_RIGHT * int(h * 2))
            self.assertEqual(float(self.readout("travel")), h)
            at = dict(request, keyboardHeight=h)
            del at["track"]
            status, _, body = post("/sheet", at)
            self.assertEqual(status, 200, body)
            there = json.loads(body)
            self.assertEqual(float(self.readout("sheet-y")), there["sheet"]["y"], f"h = {h}")
            self.assertEqual(float(self.readout("sheet-height")), there["sheet"]["height"], f"h = {h}")
            self.assertEqual(float(self.readout("bottom-inset")), there["bottomInset"], f"h = {h}")
            self.assertEqual(float(self.readout("sheet-offset-y")), there["contentOffset"]["y"], f"h = {h}")
            self.assert_drawn_from(request, {"sheetY": there["sheet"]["y"], "sheetHeight": there["sheet"]["height"],
                                             "contentOffsetY": there["contentOffset"]["y"]})
        self.assertEqual(self.element("request-count").text, sent, "the track is followed with no request")


if __name__ == "__main__":
    unittest.main()
