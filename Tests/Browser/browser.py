"""What the browser tests share: where the service is, a headless Chromium, and a POST.

Run each test file as a script (scripts/checks/40-browser does): its folder is then on the
import path, so `from browser import …` finds this module.
"""

import json
import os
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

BASE = os.environ.get("LAYOUTD_URL", "http://127.0.0.1:8080")
ARTIFACTS = os.environ.get("ARTIFACTS", "artifacts")
# Seconds any page load, script or wait may take before a test fails.
WAIT = 20


def chromium():
    """A headless Chromium (Debian's chromium and chromedriver), 1400×1000 at scale 1."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,1000", "--force-device-scale-factor=1"):
        options.add_argument(argument)
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
