"""Posts every marked request of a markdown page to a running layoutd and compares the answer.

    python3 scripts/checks/window-guide.py --url http://127.0.0.1:PORT docs/window.md docs/contract.md

Run by scripts/checks/83-window-guide, which starts the layoutd (this file is not executable, so
scripts/test does not run it as a check of its own). A worked example is marked in the page by a
line

    <!-- check: POST /avoid -->

(the method may be left out: POST is the only one the layout routes take) followed by two fenced
```json blocks, prose allowed between them: the request, then the answer layoutd gives for it. For
each marker the request block is posted to that route, as `application/json`, and the service's
answer is compared with the answer block:
- objects have the same members, at every depth (an answer block lists every member);
- numbers compare as numbers (`246` and `246.0` are the same), within 1e-9; booleans are not
  numbers; strings, `null` and booleans compare exactly; arrays element by element;
- a problem object (one with a `status` member: a 422 body, or a problem item of a batch answer)
  pins only the members it lists (`type`, `status`, `pointer`); the service may add `title` and
  `detail`, which are its own words, and nothing else;
- the HTTP status is 200, or the answer block's `status` when the block is a problem.
A marker without its two blocks, a block that is not JSON, and a page with no marker at all are
failures too. Every difference is printed with the page, the marker's line and the member's JSON
Pointer; the run ends with `N passed, M failed` and exits 1 when anything failed or layoutd could not
be reached.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

MARKER = re.compile(r"^\s*<!--\s*check:\s*(?:(?P<method>[A-Z]+)\s+)?(?P<route>/\S*)\s*-->\s*$")
FENCE = re.compile(r"^\s*(```+|~~~+)\s*(?P<info>[^`\s]*)")
TOLERANCE = 1e-9
PROBLEM_MEMBERS = {"type", "title", "status", "detail", "pointer"}


@dataclass
class Check:
    page: Path
    line: int
    method: str
    route: str
    request: Any = None
    answer: Any = None
    error: str | None = None

    def where(self) -> str:
        return f"{self.page}:{self.line} {self.method} {self.route}"


def fenced_blocks(lines: list[str], start: int):
    """The fenced blocks from line index `start` on, as (info, first line index, text), up to the next marker."""
    index = start
    while index < len(lines):
        if MARKER.match(lines[index]):
            return
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        fence = opening.group(1)
        body = []
        first = index
        index += 1
        while index < len(lines) and not lines[index].strip().startswith(fence):
            body.append(lines[index])
            index += 1
        if index == len(lines):
            raise ValueError(f"the block opened on line {first + 1} is not closed")
        yield opening.group("info").lower(), first, "\n".join(body)
        index += 1


def read_checks(page: Path) -> list[Check]:
    lines = page.read_text(encoding="utf-8").splitlines()
    checks = []
    for index, text in enumerate(lines):
        match = MARKER.match(text)
        if not match:
            continue
        check = Check(page, index + 1, match.group("method") or "POST", match.group("route"))
        checks.append(check)
        try:
            blocks = []
            for info, first, body in fenced_blocks(lines, index + 1):
                if info != "json":
                    raise ValueError(f"the block on line {first + 1} is ```{info}, not ```json")
                try:
                    blocks.append(json.loads(body))
                except json.JSONDecodeError as error:
                    raise ValueError(f"the block on line {first + 1} is not JSON: {error}") from None
                if len(blocks) == 2:
                    break
            if len(blocks) < 2:
                raise ValueError("the marker is not followed by a ```json request and a ```json answer")
            check.request, check.answer = blocks
        except ValueError as error:
            check.error = str(error)
    return checks


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_problem(value: Any) -> bool:
    return isinstance(value, dict) and "status" in value


def differences(expected: Any, got: Any, pointer: str = "") -> list[str]:
    """Where `got` differs from `expected`, each as `pointer: what`."""
    at = pointer or "(the answer)"
    if is_number(expected) and is_number(got):
        if abs(expected - got) <= TOLERANCE:
            return []
        return [f"{at}: expected {json.dumps(expected)}, got {json.dumps(got)}"]
    if isinstance(expected, dict) and isinstance(got, dict):
        if is_problem(expected) and not is_problem(got):
            return [f"{at}: expected the problem {json.dumps(expected)}, got an answer {json.dumps(got)}"]
        if is_problem(got) and not is_problem(expected):
            return [f"{at}: expected an answer, got the problem {json.dumps(got)}"]
        found = []
        if is_problem(expected):
            missing = [key for key in expected if key not in got]
            extra = [key for key in got if key not in expected and key not in PROBLEM_MEMBERS]
        else:
            missing = [key for key in expected if key not in got]
            extra = [key for key in got if key not in expected]
        for key in missing:
            found.append(f"{pointer}/{key}: missing (expected {json.dumps(expected[key])})")
        for key in extra:
            found.append(f"{pointer}/{key}: not in the page (got {json.dumps(got[key])})")
        for key in expected:
            if key in got:
                found += differences(expected[key], got[key], f"{pointer}/{key}")
        return found
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return [f"{at}: expected {len(expected)} elements, got {len(got)}: {json.dumps(got)}"]
        found = []
        for index, (left, right) in enumerate(zip(expected, got)):
            found += differences(left, right, f"{pointer}/{index}")
        return found
    if type(expected) is type(got) and expected == got:
        return []
    return [f"{at}: expected {json.dumps(expected)}, got {json.dumps(got)}"]


def post(url: str, method: str, body: Any) -> tuple[int, Any]:
    data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=10) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    try:
        return status, json.loads(raw)
    except json.JSONDecodeError:
        return status, raw.decode("utf-8", "replace")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="where layoutd answers, e.g. http://127.0.0.1:8080")
    parser.add_argument("pages", nargs="+", type=Path, help="markdown pages with <!-- check: ROUTE --> markers")
    arguments = parser.parse_args()
    base = arguments.url.rstrip("/")

    passed = failed = 0
    for page in arguments.pages:
        try:
            checks = read_checks(page)
        except (OSError, ValueError) as error:
            print(f"FAIL {page}: {error}")
            failed += 1
            continue
        if not checks:
            print(f"FAIL {page}: no <!-- check: ROUTE --> marker")
            failed += 1
            continue
        for check in checks:
            if check.error:
                print(f"FAIL {check.where()}: {check.error}")
                failed += 1
                continue
            want_status = check.answer.get("status", 200) if is_problem(check.answer) else 200
            try:
                status, answer = post(base + check.route, check.method, check.request)
            except (urllib.error.URLError, OSError) as error:
                print(f"FAIL {check.where()}: layoutd did not answer at {base}: {error}")
                failed += 1
                continue
            found = []
            if status != want_status:
                detail = answer.get("detail") if isinstance(answer, dict) else None
                found.append(f"HTTP {status}, expected {want_status}" + (f" ({detail})" if detail else ""))
            if status == want_status or is_problem(answer):
                found += differences(check.answer, answer)
            if found:
                print(f"FAIL {check.where()}:")
                for line in found:
                    print(f"    {line}")
                failed += 1
            else:
                print(f"ok   {check.where()}")
                passed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
