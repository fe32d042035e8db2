#!/usr/bin/env python3
"""The declarations of layoutd.js type a page, and a page with a mistake does not compile.

    python3 scripts/clients/check_web_types.py FOLDER

FOLDER holds layoutd.js and layoutd.d.ts (as GET /layoutd.js and GET /layoutd.d.ts served them).
typed_page.ts (beside this script) is copied there with, for each mistake below, a copy that
makes that one mistake. One `tsc --strict --noEmit` compiles them all; the page must compile
with no error, and each copy must fail with an error naming its mistake. It runs twice: as a
TypeScript project (the `.d.ts` beside the `.js` types it) and with `--allowJs`, as an editor
reads a folder of JavaScript, where the `.d.ts` must still win over what the `.js` would infer.
"""

import re
import shutil
import subprocess
import sys
from pathlib import Path

PAGE = Path(__file__).resolve().parent / "typed_page.ts"

# (name, text in the page, its replacement, what tsc's errors for the copy must contain)
MISTAKES = [
    ("misspelled answer member", "answer.offset.y}px", "answer.ofset.y}px", "'ofset'"),
    ("misspelled request member", "keyboardHeight: 336,", "keyboardHieght: 336,", "'keyboardHieght'"),
    ("neither keyboard nor keyboardHeight", "    keyboard: null,\n    lineHeight: 22,", "    lineHeight: 22,",
     "'keyboardHeight' is missing"),
    ("both keyboard and keyboardHeight", "keyboard: null, safeArea", "keyboard: null, keyboardHeight: 336, safeArea",
     "property 'keyboard' are incompatible"),
    ("unknown mode in a request", 'mode: "scroll",', 'mode: "scrolling",', '"scrolling"'),
    ("unknown mode in an answer", 'case "resize":', 'case "resized":', '"resized"'),
    ("a scroll member read without narrowing on mode", 'if (scrolled.mode === "scroll") {', "if (scrolled.fits) {",
     "'scrollIndicatorInsets' does not exist"),
    ("misspelled problem type", '"urn:layoutd:problem:negative"', '"urn:layoutd:problem:negativ"',
     '"urn:layoutd:problem:negativ"'),
    ("unknown keyboard state", 'state === "docked"', 'state === "dock"', '"dock"'),
    ("misspelled caret-follow member", "answer.caretVisible", "answer.caretVisibel", "'caretVisibel'"),
    ("misspelled animateAnswer option", "{ reducedMotion: false }", "{ reduceMotion: false }", "'reduceMotion'"),
    ("a frame rate as a string", "frameRate: 60", 'frameRate: "60"', "'string' is not assignable"),
    ("a Web Animation method misspelled", "motion.pause();", "motion.pauze();", "'pauze'"),
    ("a problem read as an answer", 'if ("status" in item)', 'if ("fits" in item)', "'pointer' does not exist"),
    ("misspelled fixed bar", "{ top: header, bottom: footer }", "{ top: header, botom: footer }", "'botom'"),
    ("misspelled viewport answer member", "answer.viewport.fixedBottom.y", "answer.viewport.fixedBotom.y",
     "'fixedBotom'"),
    ("unknown interactive-widget value", 'interactiveWidget === "overlays-content"',
     'interactiveWidget === "overlay-content"', '"overlay-content"'),
    ("a keyboard sent beside the viewport followViewport reads", "detents: [420] }",
     "detents: [420], keyboardHeight: 336 }", "'keyboardHeight'"),
    ("followViewport's endpoint left out for a sheet", '{ endpoint: "/sheet" }', "{}", "'detents'"),
    ("a sheet member read from an /avoid answer", "placed.sheet.height", "placed.offset.y", "'offset'"),
    ("unknown keyboardBehavior", 'keyboardBehavior: "extend"', 'keyboardBehavior: "extended"', '"extended"'),
    ("misspelled followSheet option", "{ scrollView: comments,", "{ scrollview: comments,", "'scrollview'"),
    ("a sheet track read as a chat track", "({ sheetY }) => console.log(sheetY)",
     "({ composerOffsetY }) => console.log(composerOffsetY)", "'composerOffsetY'"),
    ("track sent as a string", "...show, track: true", '...show, track: "yes"', "'string' is not assignable"),
    ("a translate track read as a scroll track", "halfway.offsetY +", "halfway.contentOffsetY +", "'contentOffsetY'"),
    ("a resize member read in followKeyboard's onChange of a translate answer", "console.log(values.offsetY)",
     "console.log(values.bottomInset)", "'bottomInset' does not exist"),
    ("misspelled followKeyboard option", "keyboardHeight: () => end", "keyboardHight: () => end", "'keyboardHight'"),
    ("trackAt given a height as a string", "trackAt(track, end / 2)", 'trackAt(track, "half")', "'string' is not assignable"),
    ("screen sent with a viewport", "viewport: pannedBySafari }", "viewport: pannedBySafari, screen }",
     "screen: Rect; }' is not assignable to type 'AvoidRequest'"),
    ("window sent with a viewport", "viewport: pannedBySafari }", "viewport: pannedBySafari, window: screen }",
     "window: Rect; }' is not assignable to type 'AvoidRequest'"),
    ("unknown window warning", 'warnings.includes("screen-is-window")', 'warnings.includes("screen-is-the-window")',
     '"screen-is-the-window"'),
    ("viewport sent with keyboardHeight", "viewport: pannedBySafari }",
     "viewport: pannedBySafari, keyboardHeight: 287 }", "property 'viewport' are incompatible"),
    ("viewport sent with keyboard: null", "viewport: pannedBySafari }", "viewport: pannedBySafari, keyboard: null }",
     "keyboard: null; }' is not assignable to type 'AvoidRequest'"),
    ("unknown interactiveWidget", 'interactiveWidget: "resizes-visual"', 'interactiveWidget: "resizes-layout"',
     '"resizes-layout"'),
    ("a sheet track member misspelled", "values.sheetY", "values.sheetTop", "'sheetTop'"),
    ("misspelled apiKey option", "apiKey: key", "apikey: key", "'apikey'"),
    ("an access key as a number", "async function avoidWithAKey(key: string)", "async function avoidWithAKey(key: number)",
     "'number' is not assignable"),
    ("misspelled unauthorized problem type", '"urn:layoutd:problem:unauthorized"', '"urn:layoutd:problem:unauthorised"',
     '"urn:layoutd:problem:unauthorised"'),
]

COMPILER = ["tsc", "--strict", "--noEmit", "--target", "es2020", "--module", "es2020",
            "--moduleResolution", "node", "--lib", "es2020,dom", "--pretty", "false"]


def errors_by_file(output: str) -> dict[str, list[str]]:
    """tsc's errors, each with its continuation lines, by the file they are in."""
    errors: dict[str, list[str]] = {}
    current = None
    for line in output.splitlines():
        match = re.match(r"^(\S+?)\(\d+,\d+\): error TS\d+: ", line)
        if match:
            current = errors.setdefault(match.group(1), [])
            current.append(line)
        elif current is not None and line.startswith(" "):
            current[-1] += "\n" + line
        elif line.strip():
            errors.setdefault("(tsc)", []).append(line)
    return errors


def main() -> int:
    folder = Path(sys.argv[1])
    for name in ("layoutd.js", "layoutd.d.ts"):
        if not (folder / name).is_file():
            sys.exit(f"check_web_types: no {name} in {folder}")
    page = PAGE.read_text(encoding="utf-8")
    shutil.copy(PAGE, folder / PAGE.name)
    files = {PAGE.name: None}
    failures = []
    for index, (name, text, replacement, expected) in enumerate(MISTAKES, start=1):
        if page.count(text) != 1:
            failures.append(f"{name}: the page holds {text!r} {page.count(text)} times, not once")
            continue
        copy = f"mistake_{index:02}.ts"
        (folder / copy).write_text(page.replace(text, replacement), encoding="utf-8")
        files[copy] = (name, expected)

    for mode, extra in (("TypeScript project", []), ("--allowJs", ["--allowJs"])):
        result = subprocess.run(COMPILER + extra + list(files), cwd=folder, capture_output=True, text=True, timeout=300)
        errors = errors_by_file(result.stdout + result.stderr)
        for file, mistake in files.items():
            found = "\n".join(errors.pop(file, []))
            if mistake is None:
                if found:
                    failures.append(f"{mode}: the typed page does not compile:\n{found}")
            elif not found:
                failures.append(f"{mode}: {mistake[0]} ({file}) compiles")
            elif mistake[1] not in found:
                failures.append(f"{mode}: {mistake[0]} ({file}) fails, but not on {mistake[1]}:\n{found}")
        for file, lines in errors.items():
            failures.append(f"{mode}: errors in {file}:\n" + "\n".join(lines))
        if not failures:
            print(f"tsc --strict ({mode}): the typed page compiles; {len(files) - 1} pages with one "
                  "mistake each fail on it")

    for failure in failures:
        print(f"check_web_types: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
