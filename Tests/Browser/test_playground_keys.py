"""The playground (GET /) of a layoutd that needs access keys (--api-keys), in headless Chromium.

- The page's first request is refused (401): the page asks for a key in a modal dialog (focus in
  its field, the problem's detail shown), not with window.prompt.
- A key that is not in force is refused, and the dialog asks again with the problem's detail.
- The right key draws the service's answers (the same as a request with the key), on every later
  request and the SVG diagram too; the curl command names it by a shell variable, and the key is
  nowhere on the page.
- Nothing is written to web storage (localStorage, sessionStorage, cookies, IndexedDB, Cache
  Storage), and a reload asks again.
- Closed without a key, the dialog does not open again by itself; the header's button opens it.
- The access log names the key used and the refusals, never the key.

The test starts a layoutd of its own with a key file of its own (the browser suite's layoutd at
$LAYOUTD_URL has no keys): $LAYOUTD_BINARY, which scripts/checks/40-browser exports, else the one
`swift build --show-bin-path` names (built already, as by `swift build --product layoutd`).
Screenshots of the dialog go to $ARTIFACTS.

    ARTIFACTS=artifacts /usr/bin/python3 Tests/Browser/test_playground_keys.py -v

Against a layoutd already running with --api-keys, give its URL and one of its keys:

    LAYOUTD_URL=http://127.0.0.1:PORT LAYOUTD_API_KEY=KEY ARTIFACTS=artifacts \
        /usr/bin/python3 Tests/Browser/test_playground_keys.py -v
"""

import base64
import json
import os
import re
import secrets
import shutil
import subprocess
import tempfile
import time
import unittest
import urllib.error
import urllib.request
from pathlib import Path

from browser import ARTIFACTS, WAIT, BrowserTest

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = Path(__file__).resolve().parent.parent.parent
# The key file's one line: the name the access log shows, and the key.
KEY_NAME = "playground"
# A key of the right form that the server does not hold.
WRONG_KEY = "wrong-" + "0123456789" * 4


class Server:
    """A layoutd with a key file of its own, on 127.0.0.1 and a free port; or the one that
    LAYOUTD_URL and LAYOUTD_API_KEY name."""

    def __init__(self):
        self.process = None
        self.log_path = None
        self.scratch = None
        external = os.environ.get("LAYOUTD_API_KEY")
        if external:
            self.url = os.environ.get("LAYOUTD_URL", "http://127.0.0.1:8080").rstrip("/")
            self.key = external
            return
        self.scratch = tempfile.mkdtemp(prefix="layoutd-keys-")
        # 43 characters of RFC 6750's b64token alphabet.
        self.key = base64.b64encode(secrets.token_bytes(32)).decode().rstrip("=")
        keys = Path(self.scratch) / "api-keys"
        keys.write_text(f"# test_playground_keys.py\n{KEY_NAME} {self.key}\n")
        self.log_path = Path(self.scratch) / "layoutd.log"
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                [binary(), "--host", "127.0.0.1", "--port", "0", "--api-keys", str(keys)],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=log)
        deadline = time.monotonic() + 60
        while True:
            found = re.search(r"listening on (http://127\.0\.0\.1:\d+)", self.log())
            if found:
                self.url = found.group(1)
                return
            if self.process.poll() is not None or time.monotonic() > deadline:
                log_text = self.log()
                self.stop()
                raise RuntimeError(f"layoutd --api-keys did not start:\n{log_text}")
            time.sleep(0.1)

    def log(self):
        """layoutd's standard error so far (start-up lines and the access log); empty for an external one."""
        return self.log_path.read_text(errors="replace") if self.log_path else ""

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.scratch:
            shutil.rmtree(self.scratch, ignore_errors=True)


def binary():
    """The layoutd to start: $LAYOUTD_BINARY, else the debug build's (as scripts/lib/layoutd.sh finds it)."""
    path = os.environ.get("LAYOUTD_BINARY")
    if not path:
        folder = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, capture_output=True, text=True,
                                check=True, timeout=300).stdout.strip()
        path = os.path.join(folder, "layoutd")
    if not os.access(path, os.X_OK):
        raise RuntimeError(f"no layoutd at {path}: run `swift build --product layoutd` first")
    return path


server = None


def setUpModule():
    global server
    server = Server()


def tearDownModule():
    if server is not None:
        server.stop()


def post(path, body, key=None):
    """POSTs `body` as JSON, with `Authorization: Bearer key` when given: (status, parsed body)."""
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if key is not None:
        headers["Authorization"] = f"Bearer {key}"
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(), method="POST",
                                     headers=headers)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class PlaygroundWithKeys(BrowserTest):
    """Each test starts on the playground of the layoutd with keys, at 1400×1000."""

    def setUp(self):
        self.driver.set_window_size(1400, 1000)
        self.driver.get(server.url + "/")

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def wait_until(self, script, message, *arguments):
        """Waits until `script` (a JavaScript expression's body, `return …`) is truthy; returns its value."""
        return WebDriverWait(self.driver, WAIT).until(
            lambda driver: driver.execute_script(script, *arguments), message)

    def wait_for_dialog(self, problem_text):
        """Waits until the key dialog is open and shows `problem_text`."""
        self.wait_until(
            """const dialog = document.getElementById('key-dialog');
               return dialog.open && document.getElementById('key-problem').textContent.includes(arguments[0]);""",
            f"the key dialog did not open with {problem_text!r}", problem_text)

    def wait_for_answer(self, previous=0):
        """Waits until an answer newer than `previous` is drawn and settled; returns its sequence number."""
        return self.wait_until(
            """const readout = document.getElementById('readout');
               const seq = Number(readout.dataset.seq || 0);
               return seq > arguments[0] && readout.dataset.settled === 'true'
                 && document.getElementById('answer-status').textContent === '200' ? seq : 0;""",
            "the page drew no answer", previous)

    def enter_key(self, key):
        field = self.element("key-input")
        field.send_keys(key, Keys.ENTER)

    def assert_dialog_is_accessible(self):
        """The dialog is the native modal one, named by its heading, with focus in the key's labelled field."""
        facts = self.driver.execute_script(
            """const dialog = document.getElementById('key-dialog');
               const input = document.getElementById('key-input');
               return {modal: dialog.matches(':modal'), focused: document.activeElement === input,
                       name: document.getElementById(dialog.getAttribute('aria-labelledby')).textContent,
                       described: dialog.getAttribute('aria-describedby'),
                       label: input.labels.length ? input.labels[0].textContent : '',
                       type: input.type, autocomplete: input.autocomplete};""")
        self.assertTrue(facts["modal"], "the dialog is shown modal (showModal)")
        self.assertTrue(facts["focused"], "focus is in the key field")
        self.assertEqual(facts["name"], "Access key")
        self.assertIn("key-problem", facts["described"])
        self.assertEqual(facts["label"], "Key")
        self.assertEqual((facts["type"], facts["autocomplete"]), ("password", "off"))

    def assert_nothing_stored(self):
        """No web storage, cookie, IndexedDB database or cache holds anything."""
        stored = self.driver.execute_async_script(
            """const done = arguments[arguments.length - 1];
               (async () => {
                 const databases = indexedDB.databases ? await indexedDB.databases() : [];
                 const caches = globalThis.caches ? await globalThis.caches.keys() : [];
                 return {local: localStorage.length, session: sessionStorage.length, cookie: document.cookie,
                         databases: databases.length, caches: caches.length};
               })().then(done, (error) => done({error: String(error)}));""")
        self.assertEqual(stored, {"local": 0, "session": 0, "cookie": "", "databases": 0, "caches": 0})

    def assert_key_not_on_page(self):
        shown = self.driver.execute_script(
            """return document.documentElement.outerHTML + document.body.innerText
                 + [...document.querySelectorAll('input, textarea')].map((e) => e.value).join(' ');""")
        self.assertNotIn(server.key, shown, "the page shows the key")

    def test_the_page_asks_for_a_key_refuses_a_wrong_one_and_draws_answers_with_the_right_one(self):
        # The first request is refused: the dialog asks, with the problem's detail.
        self.wait_for_dialog("This route needs an access key")
        self.assert_dialog_is_accessible()
        self.assertEqual(self.element("answer-status").text, "401")
        self.assertEqual(json.loads(self.element("answer-json").text)["type"], "urn:layoutd:problem:unauthorized")
        self.assertTrue(self.element("key-button").is_displayed())
        self.driver.save_screenshot(os.path.join(ARTIFACTS, "playground-key-asked.png"))

        # A key that is not in force: refused, and asked again with the detail.
        self.enter_key(WRONG_KEY)
        self.wait_for_dialog("not one this server accepts")
        self.assert_dialog_is_accessible()
        self.assertEqual(self.element("key-input").get_attribute("value"), "", "the refused key is cleared")
        self.element("key-dialog").screenshot(os.path.join(ARTIFACTS, "playground-key-refused.png"))

        # The right key: the answer is drawn, the service's own for the same request with the key.
        self.enter_key(server.key)
        seq = self.wait_for_answer()
        self.assertFalse(self.element("key-dialog").get_attribute("open"))
        request = json.loads(self.element("request-json").text)
        status, answer = post("/avoid", request, server.key)
        self.assertEqual(status, 200, answer)
        self.assertEqual(json.loads(self.element("answer-json").text), answer)
        self.assertAlmostEqual(float(self.element("readout").get_attribute("data-field-offset-y")),
                               answer["offset"]["y"], delta=0.05)

        # Every later request carries it: a change of the keyboard's height is answered too.
        self.element("kb-height").send_keys(Keys.ARROW_LEFT * 20)
        seq = self.wait_for_answer(seq)
        self.assertEqual(json.loads(self.element("request-json").text)["keyboardHeight"],
                         int(self.element("kb-height").get_attribute("value")))
        # And the SVG diagram.
        self.element("show-svg").click()
        self.wait_until("""const image = document.getElementById('diagram');
                           return !image.hidden && image.complete && image.naturalWidth > 0;""",
                        "the SVG diagram was not drawn")

        # The curl command names the key by a shell variable; the key is nowhere on the page.
        self.assertIn('-H "Authorization: Bearer $LAYOUTD_API_KEY"', self.element("curl").text)
        self.assert_key_not_on_page()
        self.assert_nothing_stored()

        # The access log names the key by its name, and the refusals, never the key.
        log = server.log()
        if log:
            self.assertIn(f'"key":"{KEY_NAME}"', log)
            self.assertIn('"unauthorized":"missing"', log)
            self.assertIn('"unauthorized":"invalid"', log)
            self.assertNotIn(server.key, log)
            self.assertNotIn(WRONG_KEY, log)

        # A reload forgets it: the page asks again.
        self.driver.refresh()
        self.wait_for_dialog("This route needs an access key")
        self.assertEqual(self.element("answer-status").text, "401")
        self.assert_nothing_stored()

    def test_a_dialog_closed_without_a_key_stays_closed_until_the_button_opens_it(self):
        self.wait_for_dialog("This route needs an access key")
        # Escape closes it: the status line says how to give a key, and a change is refused quietly.
        self.element("key-input").send_keys(Keys.ESCAPE)
        self.wait_until("return !document.getElementById('key-dialog').open", "Escape did not close the dialog")
        self.assertIn("Access key button", self.element("status").text)
        requests = int(self.element("request-count").text)
        self.element("kb-height").send_keys(Keys.ARROW_LEFT * 10)
        self.wait_until("return Number(document.getElementById('request-count').textContent) > arguments[0]"
                        " && document.getElementById('status').textContent.startsWith('401')",
                        "the change was not sent", requests)
        self.assertFalse(self.element("key-dialog").get_attribute("open"), "a declined dialog opened by itself")

        # The header's button asks again; Cancel closes it as Escape does.
        self.element("key-button").click()
        self.wait_until("return document.getElementById('key-dialog').open", "the button did not open the dialog")
        self.assert_dialog_is_accessible()
        self.element("key-cancel").click()
        self.wait_until("return !document.getElementById('key-dialog').open", "Cancel did not close the dialog")

        self.element("key-button").click()
        self.wait_until("return document.getElementById('key-dialog').open", "the button did not open the dialog")
        self.enter_key(server.key)
        self.wait_for_answer()
        self.assertEqual(json.loads(self.element("request-json").text)["keyboardHeight"],
                         int(self.element("kb-height").get_attribute("value")))
        self.assert_nothing_stored()


if __name__ == "__main__":
    unittest.main()
