"""The playground's chat screen (contract §12) in headless Chromium: the /chat tab draws the real
service's answers — the composer on the keyboard, the messages scrolled as the answer says — and
sends the last answer's keyboardInset and offset back, as an app does, for each lift and for an
inverted list.

    LAYOUTD_URL=http://127.0.0.1:PORT ARTIFACTS=artifacts python3 -m unittest Tests/Browser/test_playground_chat.py
"""

import json
import os
import unittest

from browser import ARTIFACTS, PlaygroundPage, post

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select


class PlaygroundChatTest(PlaygroundPage):
    def setUp(self):
        super().setUp()
        self.element("tab-chat").click()
        self.wait_for_answer()

    def exchange(self):
        """The request the page sent and the answer it drew; the answer is the service's own."""
        request = json.loads(self.element("request-json").text)
        answer = json.loads(self.element("answer-json").text)
        status, _, body = post("/chat", request)
        self.assertEqual(status, 200, body)
        self.assertEqual(answer, json.loads(body), "the page draws the service's answer")
        return request, answer

    def drawn(self, element_id):
        """The element's top in points, relative to the device screen the page draws."""
        return self.driver.execute_script(
            """
            const scale = Number(document.getElementById('readout').dataset.scale);
            const screen = document.getElementById('screen').getBoundingClientRect();
            return (document.getElementById(arguments[0]).getBoundingClientRect().top - screen.top) / scale;
            """, element_id)

    def expect_drawn(self, request, answer):
        composer = request["composer"]["y"] + answer["composerOffset"]["y"]
        self.assertAlmostEqual(self.drawn("chat-composer"), composer, delta=0.5)
        if not request["inverted"]:
            shift = self.drawn("chat-messages") - self.drawn("chat-list")
            self.assertAlmostEqual(shift, -answer["contentOffset"]["y"], delta=0.5)
        self.assertEqual(float(self.readout("composer-offset-y")), answer["composerOffset"]["y"])

    def test_the_keyboard_shows_and_hides_with_the_last_answer_sent_back(self):
        request, answer = self.exchange()
        self.assertEqual((request["lift"], request["inverted"], request["track"]), ("always", False, True))
        self.assertNotIn("keyboardInset", request, "the first request leaves it out: the inset at rest")
        self.assertEqual(answer["composerOffset"]["y"], -302)
        self.assertTrue(answer["atEnd"])
        self.expect_drawn(request, answer)
        self.driver.find_element("css selector", "input[name=keyboard][value=hidden]").click()
        self.wait_for_answer()
        hidden, back = self.exchange()
        self.assertIsNone(hidden["keyboard"])
        self.assertEqual(hidden["keyboardInset"], answer["keyboardInset"])
        self.assertEqual(hidden["contentOffset"], answer["contentOffset"])
        self.assertEqual(back["contentOffset"], request["contentOffset"], "always: the messages come back down")
        self.assertEqual(back["composerOffset"]["y"], 0)
        self.expect_drawn(hidden, back)

    def test_each_lift_is_sent_and_drawn(self):
        self.element("chat-history").click()
        self.wait_for_answer()
        for lift in ("whenAtEnd", "persistent", "never", "always"):
            Select(self.element("chat-lift")).select_by_value(lift)
            self.wait_for_answer()
            request, answer = self.exchange()
            self.assertEqual(request["lift"], lift)
            self.expect_drawn(request, answer)

    def test_the_keyboard_on_its_way_moves_the_chat_by_the_track_with_no_request(self):
        request, answer = self.exchange()
        sent = self.element("request-count").text
        slider = self.element("kb-travel")
        slider.send_keys(Keys.HOME)
        self.assertEqual(float(self.readout("travel")), 0)
        self.assertEqual(float(self.readout("composer-offset-y")), 0, "the keyboard hidden: the composer rests")
        self.assertAlmostEqual(self.drawn("chat-composer"), request["composer"]["y"], delta=0.5)
        slider.send_keys(Keys.ARROW_RIGHT * 200)  # 100 points, half-point steps
        self.assertEqual(float(self.readout("travel")), 100)
        # The composer rests on the 34-point home indicator: it rises by what passes it.
        self.assertEqual(float(self.readout("composer-offset-y")), -66)
        self.assertAlmostEqual(self.drawn("chat-composer"), request["composer"]["y"] - 66, delta=0.5)
        self.assertEqual(self.element("request-count").text, sent, "the track is followed with no request")

    def in_view(self, request, answer):
        """The numbers of the first and last message on screen, from the answer: the content between the
        status bar and the composer on the keyboard (messages 40 tall, one every 56, numbered from 1 in
        the order sent; an inverted list's content starts at the newest)."""
        count = (int(request["contentSize"]["height"]) + 16) // 56
        y = answer["contentOffset"]["y"]
        rest = request["composer"]["y"] - request["list"]["y"] + answer["composerOffset"]["y"]
        if request["inverted"]:
            # Drawn upside down: the list's own top is at the composer, its bottom under the status bar.
            top, bottom = y + request["list"]["height"] - rest, y + request["list"]["height"] - request["safeArea"]["bottom"]
        else:
            top, bottom = y + request["safeArea"]["top"], y + min(request["list"]["height"], rest)
        shown = [i for i in range(count) if 56 * i + 40 > top + 0.5 and 56 * i < bottom - 0.5]
        numbers = sorted(count - i if request["inverted"] else i + 1 for i in shown)
        return f"{numbers[0]}-{numbers[-1]}"

    def test_the_readout_shows_the_chat_members_and_the_numbered_messages_in_view(self):
        request, answer = self.exchange()
        self.assertEqual(self.element("out-composer-offset").text, "-302")
        self.assertEqual(self.element("out-keyboard-inset").text, "302")
        self.assertEqual(self.element("out-content-offset").text, "2240 → 2542")
        self.assertEqual(self.element("out-at-end").text, "true")
        for row in ("out-fits", "out-also-revealed", "field-offset"):
            self.assertFalse(self.element(row).is_displayed(), f"{row} is not a /chat member")
        messages = self.driver.find_elements("css selector", "#chat-messages .message")
        self.assertEqual([m.get_attribute("textContent") for m in messages[:2]], ["#1", "#2"])
        self.assertEqual(len(messages), 53)
        self.assertEqual(self.readout("in-view"), self.in_view(request, answer))
        self.assertEqual(self.readout("in-view").split("-")[1], "53", "the newest message is in view")
        self.assertEqual(self.element("out-in-view").text, "#{}–#{}".format(*self.readout("in-view").split("-")))
        self.element("chat-history").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertEqual(self.readout("in-view"), self.in_view(request, answer))
        self.assertNotEqual(self.readout("in-view").split("-")[1], "53", "read back: the newest is out of view")

    def test_an_inverted_list_is_drawn_upside_down_from_its_answer(self):
        self.element("chat-inverted").click()
        self.wait_for_answer()
        request, answer = self.exchange()
        self.assertIs(request["inverted"], True)
        self.assertIn("contentInsetTop", answer["track"])
        self.assertIn("inverted", self.element("chat-list").get_attribute("class"))
        self.assertEqual(float(self.readout("chat-inset")), answer["contentInset"]["top"])
        self.expect_drawn(request, answer)
        self.assertEqual(self.readout("in-view"), self.in_view(request, answer))
        self.assertEqual(self.readout("in-view").split("-")[1], "53", "the newest message is in view")
        os.makedirs(ARTIFACTS, exist_ok=True)
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-chat.png"))


if __name__ == "__main__":
    unittest.main()
