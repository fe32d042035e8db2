"""Drives a running layoutd through the clients generated from openapi.yaml (Python side).

Run by scripts/checks/80-clients, which generates the clients first:

    python3 check_python.py --url http://127.0.0.1:PORT --client DIR --typescript DIR \
        --models FILE --spec openapi.yaml --cases-out cases.json EXAMPLES...

- Every operation and schema of openapi.yaml is in each generated client, under a name without
  digits.

- The endpoints are read from openapi.yaml: every POST operation whose request body is JSON (a
  computing endpoint, or its batch route, whose body is an array of the endpoint's requests). A
  request file's endpoint is the one whose request schema has every member of it and requires none
  it lacks; each batch route is also sent its endpoint's cases as one batch, and every endpoint must
  be reached by a case.
- Every case (a request file of examples/, a golden fixture of Tests/Fixtures/examples.json) is
  sent twice: as the bytes of the case (the service's own raw answer) and through the typed call
  of the client openapi-python-client generated (`avoid.sync_detailed(client=…,
  body=AvoidRequest.from_dict(…))`). The typed request must serialise back to the case (nothing
  dropped: `keyboard: null` is sent), and the typed answer back to the raw answer.
- Bad bodies sent through the typed call come back as a typed `ValidationProblem` with the
  expected `type` and `pointer`.
- A request with `track: true` written with the typed models comes back with a typed
  `AvoidTrackTranslate` (its jump kept), equal to the raw answer.
- A `/sheet` request and a web page's `viewport` request written with the typed models come back
  with the worked examples' numbers (contract §13, §14) in typed answers, equal to the raw ones.
- Every case's request and the service's answer to it, and every example in openapi.yaml, are
  validated with the Pydantic models datamodel-code-generator generated.
- The cases are written to --cases-out for the TypeScript driver.

With access keys (a layoutd started with `--api-keys`, its key in the environment variable
LAYOUTD_API_KEY): every call above is made with the key, the typed calls through
`AuthenticatedClient(token=KEY)` and the raw ones with `Authorization: Bearer KEY`; then every
operation openapi.yaml secures with `bearerAuth` is called through its typed call with a plain
`Client` (no key) and with an `AuthenticatedClient` holding a key that is not in force, and each
must come back as a typed `UnauthorizedProblem` with its `WWW-Authenticate` challenge; the
operations without it (`/healthz`, `/readyz`) answer without a key.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import re
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import yaml

failures: list[str] = []

# The key the service was started with (--api-keys), or None for a service without keys.
API_KEY = os.environ.get("LAYOUTD_API_KEY") or None
# The challenges of a refusal (RFC 6750 §3): without a key, and with one that is not in force.
CHALLENGE_MISSING = 'Bearer realm="layoutd"'
CHALLENGE_INVALID = 'Bearer realm="layoutd", error="invalid_token"'


def fail(message: str) -> None:
    failures.append(message)
    print(f"FAIL {message}", file=sys.stderr)


def same(a: Any, b: Any) -> bool:
    """JSON equality where numbers compare as numbers (246 == 246.0) and booleans stay booleans."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return type(a) is type(b) and a == b


def snake(name: str) -> str:
    """A name as openapi-python-client spells its modules: caretFollowBatch → caret_follow_batch."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", name)).lower()


def schema_name(schema: dict[str, Any]) -> str:
    """The component a `$ref` names, or the one the items of an array schema name."""
    return (schema["items"] if schema.get("type") == "array" else schema)["$ref"].rsplit("/", 1)[1]


def read_endpoints(spec: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The computing endpoints and their batch routes, by path: every POST operation of openapi.yaml
    whose request body is JSON. Each with its operation, its tag, the schema of its request (a batch's
    items) and of its answer (a batch's answer items), and whether it is a batch (its body an array)."""
    endpoints = {}
    for path, item in spec["paths"].items():
        operation = item.get("post")
        body = (operation or {}).get("requestBody", {}).get("content", {}).get("application/json")
        if body is None:
            continue
        endpoints[path] = {
            "operation": operation["operationId"],
            "tag": operation["tags"][0],
            "request": schema_name(body["schema"]),
            "answer": schema_name(operation["responses"]["200"]["content"]["application/json"]["schema"]),
            "batch": body["schema"].get("type") == "array",
        }
    if not endpoints:
        sys.exit("openapi.yaml describes no POST operation with a JSON request body")
    return endpoints


def endpoint_of(request: dict[str, Any], endpoints: dict[str, dict[str, Any]], spec: dict[str, Any]) -> str | None:
    """The endpoint whose request schema has every member of `request` and requires none it lacks."""
    schemas = spec["components"]["schemas"]
    found = [path for path, endpoint in endpoints.items() if not endpoint["batch"]
             and set(schemas[endpoint["request"]].get("required", [])) <= request.keys()
             <= schemas[endpoint["request"]].get("properties", {}).keys()]
    return found[0] if len(found) == 1 else None


def load_cases(paths: list[Path], endpoints: dict[str, dict[str, Any]], spec: dict[str, Any]) -> list[dict[str, Any]]:
    """Request files (endpoint read from their members) and fixture lists of {name, endpoint, request}, then
    for each batch route its endpoint's requests as one batch."""
    cases = []
    for path in paths:
        data = json.loads(path.read_text())
        if isinstance(data, list):
            for entry in data:
                if entry.get("endpoint") in endpoints:
                    cases.append({"name": f"{path.name}:{entry['name']}", "endpoint": entry["endpoint"],
                                  "request": entry["request"]})
        else:
            endpoint = endpoint_of(data, endpoints, spec)
            if endpoint is None:
                fail(f"examples/{path.name}: no one endpoint's request schema reads its members {sorted(data)}")
                continue
            cases.append({"name": f"examples/{path.name}", "endpoint": endpoint, "request": data})
    for path, batch in endpoints.items():
        if not batch["batch"]:
            continue
        for single, endpoint in endpoints.items():
            if not endpoint["batch"] and endpoint["request"] == batch["request"]:
                requests = [case["request"] for case in cases if case["endpoint"] == single]
                cases.append({"name": f"every {single} case as one batch", "endpoint": path, "request": requests})
    return cases


def check_generated(spec: dict[str, Any], python_client: Path, typescript: Path, models) -> None:
    """Every operation and every schema of openapi.yaml is in each generated client."""
    python_operations = {p.stem for p in python_client.glob("layoutd_client/api/*/*.py")}
    typescript_apis = "".join(p.read_text() for p in typescript.glob("src/apis/*.ts"))
    for item in spec["paths"].values():
        for operation in item.values():
            operation_id = operation["operationId"]
            if snake(operation_id) not in python_operations:
                fail(f"openapi-python-client has no module for {operation_id}")
            if f"async {operation_id}(" not in typescript_apis:
                fail(f"typescript-fetch has no method {operation_id}")
    import layoutd_client.models as python_models

    # Names read as words: no numbered collisions (AvoidRequest1) or generated types (…Type1).
    generated = ([p.stem for p in typescript.glob("src/models/*.ts")] + list(python_models.__all__)
                 + [name for name, value in vars(models).items() if isinstance(value, type)
                    and value.__module__ == models.__name__])
    for name in generated:
        if re.search(r"\d", name):
            fail(f"a generated name is numbered: {name}")
    for name, schema in spec["components"]["schemas"].items():
        if not (typescript / "src" / "models" / f"{name}.ts").exists():
            fail(f"typescript-fetch has no model {name}")
        if not hasattr(models, name):
            fail(f"datamodel-code-generator has no class {name}")
        # openapi-python-client writes a union (oneOf) as a type, not a class.
        if "oneOf" not in schema and not hasattr(python_models, name):
            fail(f"openapi-python-client has no model {name}")


def typed_client(url: str, **options: Any):
    """The client a typed call goes through: with a key, openapi-python-client's AuthenticatedClient,
    which sends it as `Authorization: Bearer KEY`; without one, its plain Client."""
    from layoutd_client import AuthenticatedClient, Client

    if API_KEY is None:
        return Client(base_url=url, httpx_args={"trust_env": False}, **options)
    return AuthenticatedClient(base_url=url, token=API_KEY, httpx_args={"trust_env": False}, **options)


def post_raw(url: str, body: Any) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if API_KEY is not None:
        headers["Authorization"] = f"Bearer {API_KEY}"
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST", headers=headers)
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(request, timeout=10) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, json.loads(text) if text else None


def load_module(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def check_typed_calls(url: str, cases: list[dict[str, Any]], endpoints: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Each case through openapi-python-client's typed call, against the raw answer: the operation's module
    (`layoutd_client.api.<tag>.<operation>`) and the request's model, as the generator names them."""
    import layoutd_client.models as python_models
    from layoutd_client.models import ValidationProblem

    client = typed_client(url, raise_on_unexpected_status=True)
    answers = {}
    for case in cases:
        name, endpoint, request = case["name"], case["endpoint"], case["request"]
        status, raw = post_raw(url + endpoint, request)
        if status != 200:
            fail(f"{name}: raw {endpoint} answered {status}: {raw}")
            continue
        answers[name] = raw
        described = endpoints[endpoint]
        operation = importlib.import_module(
            f"layoutd_client.api.{snake(described['tag'])}.{snake(described['operation'])}")
        model = getattr(python_models, described["request"])
        body = [model.from_dict(item) for item in request] if described["batch"] else model.from_dict(request)
        sent = [item.to_dict() for item in body] if isinstance(body, list) else body.to_dict()
        if not same(sent, request):
            fail(f"{name}: the typed request serialises to {sent}, not {request}")
        try:
            response = operation.sync_detailed(client=client, body=body)
        except Exception as error:  # the client could not read the answer as its types
            fail(f"{name}: the typed call raised {type(error).__name__}: {error}")
            continue
        if response.status_code != 200:
            fail(f"{name}: typed {endpoint} answered {response.status_code}")
            continue
        parsed = response.parsed
        typed = [item.to_dict() for item in parsed] if isinstance(parsed, list) else parsed.to_dict()
        if not same(typed, raw):
            fail(f"{name}: typed answer {typed} differs from the raw answer {raw}")
        if described["batch"]:
            for index, item in enumerate(parsed):
                if ("status" in raw[index]) != isinstance(item, ValidationProblem):
                    fail(f"{name}: item {index} parsed as {type(item).__name__}")
    return answers


def check_typed_problems(url: str) -> int:
    """Bad bodies through the typed call: each a typed ValidationProblem with its pointer."""
    from layoutd_client.api.layout import avoid, caret_follow, sheet
    from layoutd_client.models import (AvoidMode, AvoidRequest, CaretFollowRequest, KeyboardState, Point,
                                       ProblemType, Rect, SheetRequest, Size, TranslateAnswer, ValidationProblem,
                                       Viewport, VisualViewport)

    client = typed_client(url)
    screen = Rect(x=0, y=0, width=390, height=844)
    field = Rect(x=20, y=700, width=350, height=44)
    panned = Viewport(layout=Size(width=390, height=664),
                      visual=VisualViewport(offset_left=0, offset_top=157.5, width=390, height=377, scale=1))
    bad = [
        ("negative keyboard height", avoid,
         AvoidRequest(container=screen, field=field, keyboard=Rect(x=0, y=508, width=390, height=-336)),
         ProblemType.NEGATIVE, "/keyboard/height"),
        ("keyboard left unset", avoid, AvoidRequest(container=screen, field=field),
         ProblemType.NO_KEYBOARD, "/keyboard"),
        ("both keyboard and keyboardHeight", avoid,
         AvoidRequest(container=screen, field=field, keyboard=None, keyboard_height=336),
         ProblemType.BOTH_KEYBOARD_AND_HEIGHT, "/keyboard"),
        ("scroll without contentOffset", avoid,
         AvoidRequest(container=screen, field=field, keyboard_height=336, mode=AvoidMode.SCROLL,
                      content_size=Size(width=390, height=2000)),
         ProblemType.MISSING_MEMBER, "/contentOffset"),
        ("caret-follow with a negative lineHeight", caret_follow,
         CaretFollowRequest(text_view=screen, caret=field, content_offset=Point(x=0, y=0),
                            content_size=Size(width=390, height=2000), keyboard=None, line_height=-1),
         ProblemType.NEGATIVE, "/lineHeight"),
        ("viewport with keyboardHeight", avoid,
         AvoidRequest(container=screen, field=field, keyboard_height=287, viewport=panned),
         ProblemType.CONFLICTING_MEMBERS, "/viewport"),
        ("keyboardRect without overlays-content", avoid,
         AvoidRequest(container=screen, field=field, viewport=Viewport(
             layout=panned.layout, visual=panned.visual, keyboard_rect=Rect(x=0, y=377, width=390, height=287))),
         ProblemType.CONFLICTING_MEMBERS, "/viewport/keyboardRect"),
        ("a sheet's detent past its detents", sheet,
         SheetRequest(container=screen, detents=[300, 600], detent=2, keyboard_height=336),
         ProblemType.OUT_OF_RANGE, "/detent"),
        ("a sheet's field without contentSize", sheet,
         SheetRequest(container=screen, detents=[300], field=field, content_offset=Point(x=0, y=0),
                      keyboard_height=336),
         ProblemType.MISSING_MEMBER, "/contentSize"),
    ]
    for name, operation, body, problem_type, pointer in bad:
        response = operation.sync_detailed(client=client, body=body)
        problem = response.parsed
        if response.status_code != 422 or not isinstance(problem, ValidationProblem):
            fail(f"{name}: answered {response.status_code}, parsed as {type(problem).__name__}")
        elif problem.type_ != problem_type or problem.pointer != pointer or problem.status != 422:
            fail(f"{name}: got {problem.type_} at {problem.pointer!r}, want {problem_type} at {pointer!r}")
    # The hidden keyboard: `keyboard=None` is sent as `"keyboard": null`.
    hide = AvoidRequest(container=screen, field=field, keyboard=None)
    if hide.to_dict().get("keyboard", "absent") is not None:
        fail(f"keyboard=None is not sent as null: {hide.to_dict()}")
    response = avoid.sync_detailed(client=client, body=hide)
    if not isinstance(response.parsed, TranslateAnswer) or response.parsed.keyboard.state != KeyboardState.HIDDEN:
        fail(f"keyboard=None: answered {response.status_code} {response.parsed}")
    return len(bad)


def check_typed_track(url: str) -> None:
    """A request with `track: true` written with the typed models: the answer's track is typed per mode."""
    from layoutd_client.api.layout import avoid
    from layoutd_client.models import AvoidRequest, AvoidTrackTranslate, Rect, SafeAreaInsets, TranslateAnswer

    client = typed_client(url)
    # contract §11's worked example: the Send button drops out on the way in, so the track jumps.
    body = AvoidRequest(container=Rect(x=0, y=0, width=390, height=844), field=Rect(x=20, y=100, width=350, height=44),
                        keyboard_height=336, safe_area=SafeAreaInsets(top=47), margin=10,
                        also_reveal=[Rect(x=20, y=700, width=350, height=50)], track=True)
    sent = body.to_dict()
    if sent.get("track") is not True:
        fail(f"track=True is not sent as true: {sent}")
    status, raw = post_raw(url + "/avoid", sent)
    response = avoid.sync_detailed(client=client, body=body)
    answer = response.parsed
    if status != 200 or response.status_code != 200 or not isinstance(answer, TranslateAnswer):
        fail(f"typed track request: answered {response.status_code} {type(answer).__name__}, raw {status}")
        return
    track = answer.track
    if not isinstance(track, AvoidTrackTranslate):
        fail(f"the answer's track is {type(track).__name__}, not AvoidTrackTranslate")
        return
    heights = track.keyboard_height
    if not (isinstance(track.offset_y, list) and all(isinstance(v, (int, float)) for v in track.offset_y)):
        fail(f"track.offset_y is not a list of numbers: {track.offset_y!r}")
    if not any(a == b for a, b in zip(heights, heights[1:])):
        fail(f"the companion's drop is no jump in the typed track: {heights}")
    if not same(answer.to_dict(), raw):
        fail(f"typed track answer {answer.to_dict()} differs from the raw answer {raw}")


def check_typed_sheet_and_viewport(url: str) -> None:
    """A /sheet request and a viewport request written with the typed models: the worked examples' numbers."""
    from layoutd_client.api.layout import avoid, sheet
    from layoutd_client.models import (AvoidRequest, Point, Rect, SafeAreaInsets, SheetAnswer, SheetRequest,
                                       SheetTrack, Size, TranslateAnswer, Viewport, ViewportAnswer, VisualViewport)

    client = typed_client(url)
    # Worked example sheet-field-track: a comment box in a sheet resting at 300 of [300, 600] on an
    # iPhone 14; the sheet rides on the 336-point keyboard at y 208, its scroll view scrolls to 210,
    # and the track jumps at 0 (the reveal) and bends at 34 (the home indicator).
    body = SheetRequest(container=Rect(x=0, y=0, width=390, height=844),
                        safe_area=SafeAreaInsets(top=47, left=0, bottom=34, right=0), detents=[300, 600],
                        keyboard_height=336, header=56, field=Rect(x=16, y=400, width=358, height=44),
                        content_offset=Point(x=0, y=0), content_size=Size(width=390, height=900), track=True)
    status, raw = post_raw(url + "/sheet", body.to_dict())
    response = sheet.sync_detailed(client=client, body=body)
    answer = response.parsed
    if status != 200 or response.status_code != 200 or not isinstance(answer, SheetAnswer):
        fail(f"typed /sheet request: answered {response.status_code} {type(answer).__name__}, raw {status} {raw}")
    else:
        got = (answer.sheet.y, answer.sheet.height, answer.bottom_inset, answer.shrunk, answer.content_offset.y,
               answer.fits)
        if got != (208, 300, 336, False, 210, True):
            fail(f"typed /sheet answer: (sheet.y, sheet.height, bottomInset, shrunk, contentOffset.y, fits) = {got}")
        track = answer.track
        if not isinstance(track, SheetTrack):
            fail(f"the /sheet answer's track is {type(track).__name__}, not SheetTrack")
        elif (track.keyboard_height, track.sheet_y, track.content_offset_y) != (
                [0, 0, 34, 336], [510, 510, 510, 208], [0, 210, 210, 210]):
            fail(f"typed /sheet track: {track.to_dict()}")
        if not same(answer.to_dict(), raw):
            fail(f"typed /sheet answer {answer.to_dict()} differs from the raw answer {raw}")

    # Worked example viewport-safari-panned-covered: Safari has panned the page 157.5 up; the
    # 287-point keyboard starts at the visual viewport's bottom (534.5) and covers 129.5 of the
    # page, a field at 560-604 moves up 79.5, a bar fixed at the bottom goes 129.5 up.
    body = AvoidRequest(container=Rect(x=0, y=0, width=390, height=664), field=Rect(x=16, y=560, width=358, height=44),
                        viewport=Viewport(layout=Size(width=390, height=664),
                                          visual=VisualViewport(offset_left=0, offset_top=157.5, width=390,
                                                                height=377, scale=1)))
    sent = body.to_dict()
    if sent.get("viewport", {}).get("visual", {}).get("offsetTop") != 157.5 or "keyboard" in sent:
        fail(f"the typed viewport request is sent as {sent}")
    status, raw = post_raw(url + "/avoid", sent)
    response = avoid.sync_detailed(client=client, body=body)
    answer = response.parsed
    if status != 200 or response.status_code != 200 or not isinstance(answer, TranslateAnswer):
        fail(f"typed viewport request: answered {response.status_code} {type(answer).__name__}, raw {status} {raw}")
        return
    viewport = answer.viewport
    if not isinstance(viewport, ViewportAnswer):
        fail(f"the viewport answer's viewport is {type(viewport).__name__}, not ViewportAnswer")
        return
    got = (answer.keyboard.overlap, answer.offset.y, viewport.keyboard_height, viewport.visible.y,
           viewport.fixed_top.y, viewport.fixed_bottom.y, viewport.fixed_bottom.scale)
    if got != (129.5, -79.5, 287, 157.5, 157.5, -129.5, 1):
        fail("typed viewport answer: (overlap, offset.y, viewport.keyboardHeight, visible.y, fixedTop.y, "
             f"fixedBottom.y, fixedBottom.scale) = {got}")
    if not same(answer.to_dict(), raw):
        fail(f"typed viewport answer {answer.to_dict()} differs from the raw answer {raw}")


def check_refusals(url: str, spec: dict[str, Any], cases: list[dict[str, Any]],
                   endpoints: dict[str, dict[str, Any]], models) -> tuple[int, int]:
    """With keys: each operation openapi.yaml secures with `bearerAuth`, through its typed call without a key
    (a plain Client) and with one not in force, must come back 401 as a typed UnauthorizedProblem (a HEAD: the
    status alone) with its `WWW-Authenticate` challenge; every other operation answers a request without a key.
    Returns the counts of refusals and of open operations checked."""
    import layoutd_client.models as python_models
    from layoutd_client import AuthenticatedClient, Client
    from layoutd_client.models import UnauthorizedProblem

    options = {"base_url": url, "httpx_args": {"trust_env": False}, "raise_on_unexpected_status": True}
    # A key of the right form, not in force: the service tells it from a missing one.
    clients = [(Client(**options), "no key", CHALLENGE_MISSING),
               (AuthenticatedClient(token="not-in-force-" + "0" * 32, **options), "a key not in force",
                CHALLENGE_INVALID)]
    bodies: dict[str, Any] = {}
    for case in cases:
        bodies.setdefault(case["endpoint"], case["request"])
    refused = opened = 0
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            schemes = {name for requirement in operation.get("security", []) for name in requirement}
            label = f"{method.upper()} {path}"
            if "bearerAuth" not in schemes:
                # Open: answered without a key (a preflight 204, the others 200).
                request = urllib.request.Request(url + path, method=method.upper())
                try:
                    with opener.open(request, timeout=10) as response:
                        status = response.status
                except urllib.error.HTTPError as error:
                    status = error.code
                if status not in (200, 204):
                    fail(f"{label}, open, answered {status} without a key")
                opened += 1
                continue
            module = importlib.import_module(
                f"layoutd_client.api.{snake(operation['tags'][0])}.{snake(operation['operationId'])}")
            arguments: dict[str, Any] = {}
            if path in endpoints:
                described = endpoints[path]
                if path not in bodies:
                    fail(f"{label}: no case to send it")
                    continue
                model = getattr(python_models, described["request"])
                request_body = bodies[path]
                arguments["body"] = ([model.from_dict(each) for each in request_body] if described["batch"]
                                     else model.from_dict(request_body))
            for client, sent, challenge in clients:
                try:
                    response = module.sync_detailed(client=client, **arguments)
                except Exception as error:  # the client could not read the answer as its types
                    fail(f"{label} with {sent}: the typed call raised {type(error).__name__}: {error}")
                    continue
                refused += 1
                if response.status_code != 401:
                    fail(f"{label} with {sent}: answered {response.status_code}, not 401")
                    continue
                if response.headers.get("WWW-Authenticate") != challenge:
                    fail(f"{label} with {sent}: WWW-Authenticate is {response.headers.get('WWW-Authenticate')!r}, "
                         f"not {challenge!r}")
                if method == "head":
                    continue
                problem = response.parsed
                if not isinstance(problem, UnauthorizedProblem):
                    fail(f"{label} with {sent}: the 401 parsed as {type(problem).__name__}")
                    continue
                if problem.type_ != "urn:layoutd:problem:unauthorized" or problem.status != 401 or not problem.detail:
                    fail(f"{label} with {sent}: the problem is {problem.to_dict()}")
                if API_KEY in json.dumps(problem.to_dict()):
                    fail(f"{label} with {sent}: the problem shows the key")
                try:
                    models.UnauthorizedProblem.model_validate(json.loads(response.content))
                except Exception as error:  # pydantic.ValidationError
                    fail(f"{label} with {sent}: the Pydantic UnauthorizedProblem rejects the 401: {error}")
    if refused == 0:
        fail("openapi.yaml secures no operation with bearerAuth")
    return refused, opened


def validate_with_models(models, cases, answers, spec: dict[str, Any], endpoints: dict[str, dict[str, Any]]) -> int:
    """Every request and answer with datamodel-code-generator's Pydantic models (for a batch, its items'
    models); returns the count."""
    count = 0

    def check(label: str, model, value: Any) -> None:
        nonlocal count
        count += 1
        try:
            parsed = model.model_validate(value)
        except Exception as error:  # pydantic.ValidationError, or a generated validator's error
            fail(f"{label}: {model.__name__} rejects it: {error}")
            return
        dumped = parsed.model_dump(mode="json", by_alias=True, exclude_unset=True)
        if not same(dumped, value):
            fail(f"{label}: {model.__name__} dumps {dumped}, not {value}")

    for case in cases:
        endpoint, request = endpoints[case["endpoint"]], case["request"]
        request_model, answer_model = getattr(models, endpoint["request"]), getattr(models, endpoint["answer"])
        if not endpoint["batch"]:
            check(f"{case['name']} request", request_model, request)
            if case["name"] in answers:
                check(f"{case['name']} answer", answer_model, answers[case["name"]])
        elif case["name"] in answers:
            for index, item in enumerate(request):
                if isinstance(item, dict) and "status" not in answers[case["name"]][index]:
                    check(f"{case['name']} request {index}", request_model, item)
            for index, item in enumerate(answers[case["name"]]):
                check(f"{case['name']} answer {index}", answer_model, item)

    # The examples openapi.yaml itself carries, requests and answers.
    def resolve(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref")
        return spec["components"]["examples"][ref.rsplit("/", 1)[1]] if ref else node

    for path, endpoint in endpoints.items():
        operation = spec["paths"][path]["post"]
        request_model, answer_model = getattr(models, endpoint["request"]), getattr(models, endpoint["answer"])
        content = operation["responses"]["200"]["content"]["application/json"]
        for name, example in operation["requestBody"]["content"]["application/json"].get("examples", {}).items():
            value = resolve(example)["value"]
            if not endpoint["batch"]:
                check(f"openapi.yaml {path} request example {name}", request_model, value)
                continue
            # A batch example may hold a bad item on purpose: its answer example shows a problem there.
            answer = resolve(content["examples"][name])["value"] if name in content.get("examples", {}) else []
            for index, item in enumerate(value):
                if index < len(answer) and "status" in answer[index]:
                    continue
                check(f"openapi.yaml {path} request example {name} {index}", request_model, item)
        for name, example in content.get("examples", {}).items():
            value = resolve(example)["value"]
            if endpoint["batch"]:
                for index, item in enumerate(value):
                    check(f"openapi.yaml {path} answer example {name} {index}", answer_model, item)
            else:
                check(f"openapi.yaml {path} answer example {name}", answer_model, value)

    # `keyboard: null` is meaningful: dumped with exclude_none the hide request loses it, and the
    # models' own validator then rejects the body, as the service would (422 no-keyboard).
    hide = {"container": {"x": 0, "y": 0, "width": 390, "height": 844}, "keyboard": None,
            "field": {"x": 20, "y": 700, "width": 350, "height": 44}}
    dropped = models.AvoidRequest.model_validate(hide).model_dump(mode="json", exclude_none=True)
    try:
        models.AvoidRequest.model_validate(dropped)
        fail("the Pydantic AvoidRequest accepts a body with none of keyboard, keyboardHeight and viewport")
    except Exception:
        pass
    return count


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--client", required=True, type=Path, help="openapi-python-client output folder")
    parser.add_argument("--typescript", required=True, type=Path, help="typescript-fetch output folder")
    parser.add_argument("--models", required=True, type=Path, help="datamodel-code-generator module")
    parser.add_argument("--spec", required=True, type=Path)
    parser.add_argument("--cases-out", required=True, type=Path)
    parser.add_argument("cases", nargs="+", type=Path)
    args = parser.parse_args()

    sys.path.insert(0, str(args.client))
    models = load_module(args.models, "layoutd_models")
    spec = yaml.safe_load(args.spec.read_text())
    check_generated(spec, args.client, args.typescript, models)
    endpoints = read_endpoints(spec)
    cases = load_cases(args.cases, endpoints, spec)
    answers = check_typed_calls(args.url, cases, endpoints)
    reached = {case["endpoint"] for case in cases if case["name"] in answers}
    for path in endpoints:
        if path not in reached:
            fail(f"no case reaches POST {path}")
    bad_bodies = check_typed_problems(args.url)
    check_typed_track(args.url)
    check_typed_sheet_and_viewport(args.url)
    validated = validate_with_models(models, cases, answers, spec, endpoints)
    args.cases_out.write_text(json.dumps([c for c in cases if c["name"] in answers]))
    if API_KEY is not None:
        refused, opened = check_refusals(args.url, spec, cases, endpoints, models)

    print(f"python: {len(answers)} cases through the typed calls of the {len(endpoints)} endpoints of openapi.yaml "
          f"({', '.join(endpoints)}), {bad_bodies} bad bodies as typed problems, "
          f"a typed track request, a typed /sheet and a typed viewport request, {validated} requests and answers "
          "validated with the Pydantic models")
    if API_KEY is not None:
        print(f"python: with access keys, every call above made with the key (AuthenticatedClient); {refused} "
              "typed calls of the operations secured with bearerAuth without the key or with one not in force "
              f"refused as typed 401 problems; {opened} open operations answered without a key")
    if failures:
        print(f"python: {len(failures)} failures", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
