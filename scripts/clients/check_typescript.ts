// Drives a running layoutd through the TypeScript client openapi-generator (typescript-fetch)
// generated from openapi.yaml. Run by scripts/checks/80-clients after the client compiled:
//   [LAYOUTD_API_KEY=KEY] node check_typescript.js CASES.json OPENAPI.json http://127.0.0.1:PORT
// OPENAPI.json is openapi.yaml as JSON. The endpoints are read from it: every POST operation whose
// request body is JSON (a computing endpoint, or its batch route, whose body is an array of the
// endpoint's requests); each must be reached by a case.
// Each case (written by check_python.py) goes through the typed call the generator made for its
// operation (`new LayoutApi(…).avoid({avoidRequest})`, the request read with `AvoidRequestFromJSON`
// and the answer written with `AvoidAnswerToJSON`, as the schemas are named) and as raw bytes; the
// typed answer must serialise back to the raw answer.
// Bad bodies must come back as a 422 whose body reads as a typed ValidationProblem with its pointer.
// A request with `track: true` written as a typed literal comes back with a typed AvoidTrackTranslate;
// a /sheet request and a web page's `viewport` request, typed literals too, come back with the worked
// examples' numbers (contract §13, §14).
// With LAYOUTD_API_KEY (the key of a layoutd started with `--api-keys`): every call above is made
// with the key, the typed ones through `new Configuration({basePath, accessToken: KEY})` (the
// generated calls send it as `Authorization: Bearer KEY` for the operations secured with
// `bearerAuth`), the raw ones with the header; then each endpoint's typed call without a key, and
// with a key not in force, must fail with a 401 whose body reads as a typed UnauthorizedProblem,
// with its `WWW-Authenticate` challenge, and so must `GET /metrics`.
// Written for TypeScript 4.8 (Debian's tsc) in strict mode, without Node's type declarations.
import * as generated from "../dist/index";
import {
  AvoidMode,
  AvoidAnswerToJSON,
  AvoidRequest,
  AvoidRequestToJSON,
  AvoidTrackTranslate,
  CaretFollowRequest,
  Configuration,
  KeyboardState,
  LayoutApi,
  ProblemType,
  Rect,
  OperationsApi,
  ResponseError,
  SheetAnswerToJSON,
  SheetRequest,
  SheetRequestToJSON,
  SheetTrack,
  UnauthorizedProblem,
  UnauthorizedProblemFromJSON,
  UnauthorizedProblemTypeEnum,
  ValidationProblem,
  ValidationProblemFromJSON,
  Viewport,
  ViewportAnswer,
} from "../dist/index";

declare const require: (name: string) => { readFileSync(path: string, encoding: string): string };
declare const process: { argv: string[]; env: Record<string, string | undefined>; exitCode?: number };

interface Case {
  name: string;
  endpoint: string;
  request: unknown;
}

/** What the driver reads of openapi.yaml. */
interface Schema {
  $ref?: string;
  type?: string;
  items?: Schema;
}
interface Operation {
  operationId: string;
  tags: string[];
  "x-codegen-request-body-name"?: string;
  requestBody?: { content: Record<string, { schema: Schema } | undefined> };
  responses: Record<string, { content?: Record<string, { schema: Schema } | undefined> } | undefined>;
}
interface OpenAPI {
  paths: Record<string, Record<string, Operation | undefined>>;
}

/** An endpoint or batch route: its operation, its tag, the schema of its request (a batch's items)
 * and of its answer (a batch's answer items), the name of the call's body parameter, and whether it
 * is a batch (its body an array). */
interface Endpoint {
  operation: string;
  tag: string;
  request: string;
  answer: string;
  body: string;
  batch: boolean;
}

const failures: string[] = [];
function fail(message: string): void {
  failures.push(message);
  console.error(`FAIL ${message}`);
}

/** The JSON a value serialises to, as JSON.stringify writes it (undefined members dropped). */
function json(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => same(item, b[index]));
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => key in right && same(left[key], right[key]));
  }
  return a === b;
}

/** The key the service was started with (--api-keys), or undefined for a service without keys. */
let apiKey: string | undefined;

async function postRaw(url: string, body: unknown): Promise<unknown> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (apiKey !== undefined) headers["Authorization"] = `Bearer ${apiKey}`;
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`raw POST answered ${response.status}`);
  return response.json();
}

/** The component a `$ref` names, or the one the items of an array schema name. */
function schemaName(schema: Schema): string {
  const ref = (schema.type === "array" ? schema.items : schema)?.$ref;
  if (ref === undefined) throw new Error(`a schema names no component: ${JSON.stringify(schema)}`);
  return ref.slice(ref.lastIndexOf("/") + 1);
}

/** The computing endpoints and their batch routes, by path: every POST operation of openapi.yaml
 * whose request body is JSON. */
function readEndpoints(spec: OpenAPI): Map<string, Endpoint> {
  const endpoints = new Map<string, Endpoint>();
  for (const [path, item] of Object.entries(spec.paths)) {
    const operation = item.post;
    const body = operation?.requestBody?.content["application/json"];
    if (operation === undefined || body === undefined) continue;
    const answer = operation.responses["200"]?.content?.["application/json"];
    if (answer === undefined) throw new Error(`POST ${path} describes no JSON answer`);
    const request = schemaName(body.schema);
    endpoints.set(path, {
      operation: operation.operationId,
      tag: operation.tags[0],
      request,
      answer: schemaName(answer.schema),
      // typescript-fetch names the body parameter after the extension, else after the schema.
      body: operation["x-codegen-request-body-name"] ?? request.charAt(0).toLowerCase() + request.slice(1),
      batch: body.schema.type === "array",
    });
  }
  if (endpoints.size === 0) throw new Error("openapi.yaml describes no POST operation with a JSON request body");
  return endpoints;
}

/** What the generated client exports under `name`, which must be a function. */
function exported(name: string): Function {
  const value: unknown = (generated as unknown as Record<string, unknown>)[name];
  if (typeof value !== "function") throw new Error(`typescript-fetch generated no ${name}`);
  return value;
}

/** A JSON conversion the generated client exports (`AvoidRequestFromJSON`, `AvoidAnswerToJSON`). */
function conversion(name: string): (value: unknown) => unknown {
  const convert = exported(name);
  return (value) => convert(value);
}

/** The typed call for a case: the method named after its operation, on the API class named after
 * its tag (`LayoutApi`); returns the request as the client sends it and the answer as JSON. */
async function typedCall(configuration: Configuration, endpoint: Endpoint, request: unknown): Promise<[unknown, unknown]> {
  const Api = exported(`${endpoint.tag.charAt(0).toUpperCase()}${endpoint.tag.slice(1)}Api`);
  const api: Record<string, unknown> = new (Api as new (configuration: Configuration) => Record<string, unknown>)(
    configuration,
  );
  const method = api[endpoint.operation];
  if (typeof method !== "function") throw new Error(`typescript-fetch generated no method ${endpoint.operation}`);
  const fromJSON = conversion(`${endpoint.request}FromJSON`);
  const requestToJSON = conversion(`${endpoint.request}ToJSON`);
  const answerToJSON = conversion(`${endpoint.answer}ToJSON`);
  const body = endpoint.batch ? (request as unknown[]).map(fromJSON) : fromJSON(request);
  const answer: unknown = await method.call(api, { [endpoint.body]: body });
  if (!endpoint.batch) return [requestToJSON(body), answerToJSON(answer)];
  return [(body as unknown[]).map(requestToJSON), (answer as unknown[]).map(answerToJSON)];
}

/** A typed call that must fail with a 422: its body as a typed ValidationProblem. */
async function problemOf(call: () => Promise<unknown>): Promise<ValidationProblem | string> {
  try {
    await call();
    return "answered 200";
  } catch (error) {
    if (!(error instanceof ResponseError)) return `threw ${String(error)}`;
    if (error.response.status !== 422) return `answered ${error.response.status}`;
    return ValidationProblemFromJSON(await error.response.json());
  }
}

/** A typed call that must fail with a 401: its body as a typed UnauthorizedProblem, and its challenge. */
async function refusalOf(call: () => Promise<unknown>): Promise<[UnauthorizedProblem, string | null] | string> {
  try {
    await call();
    return "answered 200";
  } catch (error) {
    if (!(error instanceof ResponseError)) return `threw ${String(error)}`;
    if (error.response.status !== 401) return `answered ${error.response.status}`;
    return [UnauthorizedProblemFromJSON(await error.response.json()), error.response.headers.get("WWW-Authenticate")];
  }
}

/** With keys: each endpoint's typed call, and GET /metrics, without a key and with one not in force,
 * refused with a typed 401 problem and its challenge; the same calls with the key answered. Returns the
 * count of refusals. */
async function checkRefusals(url: string, cases: Case[], endpoints: Map<string, Endpoint>): Promise<number> {
  const attempts: [string, Configuration, string][] = [
    ["no key", new Configuration({ basePath: url }), 'Bearer realm="layoutd"'],
    [
      "a key not in force",
      new Configuration({ basePath: url, accessToken: `not-in-force-${"0".repeat(32)}` }),
      'Bearer realm="layoutd", error="invalid_token"',
    ],
  ];
  const calls: [string, (configuration: Configuration) => Promise<unknown>][] = [];
  for (const [path, endpoint] of endpoints) {
    const sample = cases.find((each) => each.endpoint === path);
    if (sample === undefined) continue; // reported as unreached
    calls.push([`POST ${path}`, (configuration) => typedCall(configuration, endpoint, sample.request)]);
  }
  calls.push(["GET /metrics", (configuration) => new OperationsApi(configuration).metrics()]);
  let refused = 0;
  for (const [label, call] of calls) {
    for (const [sent, configuration, challenge] of attempts) {
      const refusal = await refusalOf(() => call(configuration));
      refused += 1;
      if (typeof refusal === "string") {
        fail(`${label} with ${sent}: ${refusal}`);
        continue;
      }
      const [problem, header] = refusal;
      if (problem.type !== UnauthorizedProblemTypeEnum.UrnLayoutdProblemUnauthorized || problem.status !== 401) {
        fail(`${label} with ${sent}: the 401 reads as ${JSON.stringify(problem)}`);
      }
      if (header !== challenge) fail(`${label} with ${sent}: WWW-Authenticate is ${JSON.stringify(header)}`);
    }
  }
  // The key in force scrapes /metrics, where the refusals are counted.
  try {
    const metrics = await new OperationsApi(new Configuration({ basePath: url, accessToken: apiKey })).metrics();
    if (!/^layoutd_unauthorized_requests_total [1-9]/m.test(metrics)) {
      fail("GET /metrics with the key counts no refusal in layoutd_unauthorized_requests_total");
    }
  } catch (error) {
    fail(`GET /metrics with the key: ${String(error)}`);
  }
  return refused;
}

async function main(): Promise<void> {
  const [casesPath, specPath, url] = process.argv.slice(2);
  apiKey = process.env.LAYOUTD_API_KEY || undefined;
  const cases: Case[] = JSON.parse(require("fs").readFileSync(casesPath, "utf8"));
  const endpoints = readEndpoints(JSON.parse(require("fs").readFileSync(specPath, "utf8")));
  // With a key, the generated calls of the operations secured with bearerAuth send it.
  const configuration = new Configuration({ basePath: url, accessToken: apiKey });
  const api = new LayoutApi(configuration);

  for (const path of endpoints.keys()) {
    if (!cases.some((each) => each.endpoint === path)) fail(`no case reaches POST ${path}`);
  }
  let leftOut = 0;
  for (const { name, endpoint, request: asWritten } of cases) {
    try {
      const described = endpoints.get(endpoint);
      if (described === undefined) throw new Error(`openapi.yaml describes no POST ${endpoint} with a JSON body`);
      let request = asWritten;
      if (described.batch) {
        // A bad item on purpose (answered with a problem) that the typed models cannot hold as it is
        // (a `window` sent as an array, which RectFromJSON reads as a Rect of undefined members) is
        // left out: a typed caller cannot send it. Every other item must go through unchanged.
        const answers = (await postRaw(url + endpoint, asWritten)) as Record<string, unknown>[];
        const fromJSON = conversion(`${described.request}FromJSON`);
        const toJSON = conversion(`${described.request}ToJSON`);
        request = (asWritten as unknown[]).filter(
          (item, index) => !("status" in answers[index]) || same(json(toJSON(fromJSON(item))), item),
        );
        leftOut += (asWritten as unknown[]).length - (request as unknown[]).length;
      }
      const raw = await postRaw(url + endpoint, request);
      const [sent, answer] = await typedCall(configuration, described, request);
      if (!same(json(sent), request)) fail(`${name}: the typed request serialises to ${JSON.stringify(sent)}`);
      if (!same(json(answer), raw)) {
        fail(`${name}: typed answer ${JSON.stringify(answer)} differs from the raw answer ${JSON.stringify(raw)}`);
      }
    } catch (error) {
      fail(`${name}: ${String(error)}`);
    }
  }

  // Typed literals, as a user writes them.
  const screen: Rect = { x: 0, y: 0, width: 390, height: 844 };
  const field: Rect = { x: 20, y: 700, width: 350, height: 44 };
  const hide: AvoidRequest = { container: screen, field, keyboard: null };
  const hidden = await api.avoid({ avoidRequest: hide });
  if (hidden.keyboard.state !== KeyboardState.HIDDEN) fail(`keyboard: null read as ${hidden.keyboard.state}`);

  // A request with `track: true` as a user writes it: the translate answer's track is typed.
  const trackRequest: AvoidRequest = {
    container: screen,
    field: { ...field, y: 100 },
    keyboardHeight: 336,
    safeArea: { top: 47 },
    margin: 10,
    alsoReveal: [{ x: 20, y: 700, width: 350, height: 50 }],
    track: true,
  };
  const tracked = await api.avoid({ avoidRequest: trackRequest });
  const rawTracked = await postRaw(url + "/avoid", AvoidRequestToJSON(trackRequest));
  if (tracked.mode !== "translate" || tracked.track === undefined) {
    fail(`track: true answered ${JSON.stringify(tracked)}`);
  } else {
    const track: AvoidTrackTranslate = tracked.track;
    const offsets: number[] = track.offsetY;
    const heights: number[] = track.keyboardHeight;
    if (offsets.length !== heights.length || !heights.some((h, i) => i > 0 && h === heights[i - 1])) {
      fail(`the typed track lost its jump: ${JSON.stringify(track)}`);
    }
    if (!same(json(AvoidAnswerToJSON(tracked)), rawTracked)) {
      fail(`typed track answer ${JSON.stringify(tracked)} differs from the raw answer ${JSON.stringify(rawTracked)}`);
    }
  }

  // contract §14, worked example sheet-field-track: a comment box in a sheet resting at 300 of
  // [300, 600]; on the 336-point keyboard the sheet is at y 208 and its scroll view at 210.
  const sheetRequest: SheetRequest = {
    container: screen,
    safeArea: { top: 47, left: 0, bottom: 34, right: 0 },
    detents: [300, 600],
    keyboardHeight: 336,
    header: 56,
    field: { x: 16, y: 400, width: 358, height: 44 },
    contentOffset: { x: 0, y: 0 },
    contentSize: { width: 390, height: 900 },
    track: true,
  };
  try {
    const placed = await api.sheet({ sheetRequest });
    const rawPlaced = await postRaw(url + "/sheet", SheetRequestToJSON(sheetRequest));
    const got = [
      placed.sheet.y, placed.sheet.height, placed.bottomInset, placed.shrunk, placed.contentOffset?.y, placed.fits,
    ];
    if (!same(got, [208, 300, 336, false, 210, true])) fail(`typed /sheet answer: ${JSON.stringify(got)}`);
    const track: SheetTrack | undefined = placed.track;
    const sheetY: number[] = track?.sheetY ?? [];
    const want = [[0, 0, 34, 336], [510, 510, 510, 208], [0, 210, 210, 210]];
    if (!same([track?.keyboardHeight, sheetY, track?.contentOffsetY], want)) {
      fail(`typed /sheet track: ${JSON.stringify(track)}`);
    }
    if (!same(json(SheetAnswerToJSON(placed)), rawPlaced)) {
      fail(`typed /sheet answer ${JSON.stringify(placed)} differs from the raw answer ${JSON.stringify(rawPlaced)}`);
    }
  } catch (error) {
    fail(`typed /sheet request: ${String(error)}`);
  }

  // contract §13, worked example viewport-safari-panned-covered: Safari panned the page 157.5 up;
  // the field at 560–604 moves up 79.5, and a bar fixed at the bottom goes 129.5 up.
  const panned: Viewport = {
    layout: { width: 390, height: 664 },
    visual: { offsetLeft: 0, offsetTop: 157.5, width: 390, height: 377, scale: 1 },
  };
  const page: Rect = { x: 0, y: 0, width: 390, height: 664 };
  const viewportRequest: AvoidRequest = {
    container: page,
    field: { x: 16, y: 560, width: 358, height: 44 },
    viewport: panned,
  };
  try {
    const moved = await api.avoid({ avoidRequest: viewportRequest });
    const rawMoved = await postRaw(url + "/avoid", AvoidRequestToJSON(viewportRequest));
    const bars: ViewportAnswer | undefined = moved.viewport;
    const offsetY = moved.mode === "translate" ? moved.offset.y : undefined;
    const got = [
      moved.keyboard.overlap, offsetY, bars?.keyboardHeight, bars?.visible.y, bars?.fixedTop.y, bars?.fixedBottom.y,
    ];
    if (!same(got, [129.5, -79.5, 287, 157.5, 157.5, -129.5])) fail(`typed viewport answer: ${JSON.stringify(got)}`);
    if (!same(json(AvoidAnswerToJSON(moved)), rawMoved)) {
      fail(`typed viewport answer ${JSON.stringify(moved)} differs from the raw answer ${JSON.stringify(rawMoved)}`);
    }
  } catch (error) {
    fail(`typed viewport request: ${String(error)}`);
  }

  const bad: [string, () => Promise<unknown>, ProblemType, string][] = [
    [
      "negative keyboard height",
      () => api.avoid({ avoidRequest: { container: screen, field, keyboard: { ...screen, y: 508, height: -336 } } }),
      ProblemType.NEGATIVE,
      "/keyboard/height",
    ],
    [
      "keyboard left undefined",
      () => api.avoid({ avoidRequest: { container: screen, field } }),
      ProblemType.NO_KEYBOARD,
      "/keyboard",
    ],
    [
      "scroll without contentOffset",
      () =>
        api.avoid({
          avoidRequest: {
            container: screen,
            field,
            keyboardHeight: 336,
            mode: AvoidMode.SCROLL,
            contentSize: { width: 390, height: 2000 },
          },
        }),
      ProblemType.MISSING_MEMBER,
      "/contentOffset",
    ],
    [
      "caret-follow with an unknown undocked policy",
      () =>
        api.caretFollowRaw({
          caretFollowRequest: {
            textView: screen,
            caret: field,
            contentOffset: { x: 0, y: 0 },
            contentSize: { width: 390, height: 2000 },
            keyboard: null,
            undocked: "float" as unknown as CaretFollowRequest["undocked"],
          },
        }),
      ProblemType.UNKNOWN_VALUE,
      "/undocked",
    ],
    [
      "viewport with keyboardHeight",
      () => api.avoidRaw({ avoidRequest: { ...viewportRequest, keyboardHeight: 287 } as unknown as AvoidRequest }),
      ProblemType.CONFLICTING_MEMBERS,
      "/viewport",
    ],
    [
      "a sheet's detent past its detents",
      () => api.sheetRaw({ sheetRequest: { container: screen, detents: [300, 600], detent: 2, keyboardHeight: 336 } }),
      ProblemType.OUT_OF_RANGE,
      "/detent",
    ],
  ];
  for (const [name, call, type, pointer] of bad) {
    const problem = await problemOf(call);
    if (typeof problem === "string") fail(`${name}: ${problem}`);
    else if (problem.type !== type || problem.pointer !== pointer || problem.status !== 422) {
      fail(`${name}: got ${problem.type} at ${JSON.stringify(problem.pointer)}, want ${type} at ${pointer}`);
    }
  }

  console.log(
    `typescript: ${cases.length} cases through the typed calls of the ${endpoints.size} endpoints of openapi.yaml, ` +
      `a typed track request, a typed /sheet and a typed ` +
      `viewport request, ${bad.length} bad bodies as typed problems` +
      (leftOut > 0 ? ` (bad batch items the typed models cannot hold left out: ${leftOut})` : ""),
  );
  if (apiKey !== undefined) {
    const refused = await checkRefusals(url, cases, endpoints);
    console.log(
      `typescript: with access keys, every call above made with the key (Configuration accessToken); ` +
        `${refused} typed calls without the key or with one not in force refused as typed 401 problems`,
    );
  }
  if (failures.length > 0) {
    console.error(`typescript: ${failures.length} failures`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
