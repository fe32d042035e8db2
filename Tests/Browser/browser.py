"""What the browser tests share: where the service is, a headless Chromium, the playground page
and a POST.

Run each test file as a script (scripts/checks/40-browser does): its folder is then on the
import path, so `from browser import …` finds this module.
"""

import json
import os
import unittest
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ.get("LAYOUTD_URL", "http://127.0.0.1:8080")
ARTIFACTS = os.environ.get("ARTIFACTS", "artifacts")
# Seconds any page load, script or wait may take before a test fails.
WAIT = 20


def chromium(phone=None):
    """A headless Chromium (Debian's chromium and chromedriver), 1400×1000 at scale 1; with `phone`
    (`{"width", "height"}` in CSS pixels) a phone's: mobile emulation of that size, where a page's
    viewport meta tag counts and pinch-zoom moves a visual viewport of its own."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--force-device-scale-factor=1"):
        options.add_argument(argument)
    # The page's console, for tests that check nothing was thrown uncaught.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if phone:
        options.add_experimental_option("mobileEmulation", {"deviceMetrics": {**phone, "pixelRatio": 1}})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(WAIT)
    driver.set_script_timeout(WAIT)
    os.makedirs(ARTIFACTS, exist_ok=True)
    return driver


def post(path, body, accept="application/json"):
    """POSTs `body` as JSON to the service; (status, Content-Type, body bytes)."""
    request = urllib.request.Request(
        BASE + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", "Accept": accept})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, response.headers.get("Content-Type"), response.read()


class BrowserTest(unittest.TestCase):
    """A test class with a headless Chromium of its own (`self.driver`), quit when the class ends."""

    @classmethod
    def setUpClass(cls):
        cls.driver = chromium()

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()


class PlaygroundPage(BrowserTest):
    """Each test starts on the playground at 1400×1000 with its first answer drawn."""

    def setUp(self):
        self.driver.set_window_size(1400, 1000)
        self.driver.get(BASE + "/")
        self.seq = 0
        self.wait_for_answer()

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def readout(self, name):
        return self.element("readout").get_attribute("data-" + name)

    def wait_for_answer(self):
        """Waits until an answer newer than the last one seen is drawn and its animation ended."""
        previous = self.seq

        def settled(_):
            seq = self.readout("seq")
            return seq is not None and int(seq) > previous and self.readout("settled") == "true"

        WebDriverWait(self.driver, WAIT).until(settled, "the page drew no new answer")
        self.seq = int(self.readout("seq"))

    def drawn(self, element_id):
        """The element's rect in points of the drawing (a device's screen, or a page's layout
        viewport), with the page's scale."""
        return self.driver.execute_script(
            """
            const scale = Number(document.getElementById('readout').dataset.scale);
            const screen = document.getElementById('screen').getBoundingClientRect();
            const r = document.getElementById(arguments[0]).getBoundingClientRect();
            return {x: (r.left - screen.left) / scale, y: (r.top - screen.top) / scale,
                    width: r.width / scale, height: r.height / scale, scale: scale};
            """, element_id)
