import Foundation
import LayoutCore
import LayoutDiagram
import LayoutService
import MicroHTTP
import Posix

// The hot path of every endpoint — decode, compute, encode — with layoutd's two decoders
// (`--decoder fast` and `--decoder foundation`) and with Foundation's coders alone, side by side
// in one run. Prints ns/op (median round) and allocs/op. The track rows ask for `track`
// (contract §11); the core rows time `avoid`/`caretFollow` alone with and without it.
//
//   swift run -c release LayoutBench [calls-per-round] [rounds]

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let calls = arguments.first ?? 20_000
let rounds = arguments.dropFirst().first ?? 11

/// `examples/translate.json` written compactly: 218 bytes.
let avoidBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10}"#
    .utf8)
/// The same body with the keyboard's animation and `frameRate: 120` (contract §6): the answer carries
/// curve 7's `linear()` easing and 61 frames. 274 bytes.
let avoidFramesBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10,"animation":{"duration":0.25,"curve":7,"frameRate":120}}"#
    .utf8)
/// The same request with four companions in `alsoReveal` (contract §4.5): a label above the field,
/// its error text, a hint and the Send button below it.
let avoidAlsoRevealBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":600,"width":350,"height":44},"margin":10,"alsoReveal":[{"x":20,"y":576,"width":350,"height":20},{"x":20,"y":648,"width":350,"height":16},{"x":20,"y":668,"width":350,"height":16},{"x":20,"y":700,"width":350,"height":50}]}"#
    .utf8)
/// `examples/caret-follow.json` written compactly: 196 bytes.
let caretBody = Array(
  #"{"textView":{"x":0,"y":0,"width":390,"height":844},"keyboardHeight":336,"caret":{"x":120,"y":1500,"width":2,"height":20},"contentOffset":{"x":0,"y":1000},"contentSize":{"width":390,"height":3000}}"#
    .utf8)
/// `examples/chat.json` written compactly (contract §12): 267 bytes, 18 numbers.
let chatBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"list":{"x":0,"y":0,"width":390,"height":760},"composer":{"x":0,"y":760,"width":390,"height":50},"safeArea":{"top":47},"contentOffset":{"x":0,"y":2240},"contentSize":{"width":390,"height":3000},"keyboardHeight":336}"#
    .utf8)

/// The translate body with the keyboard as `keyboardHeight`, and as a web page's `viewport` (contract
/// §13: Safari's layout viewport the container's size, the visual viewport 336 shorter): the same
/// layout both ways.
let avoidHeightBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboardHeight":336,"field":{"x":20,"y":700,"width":350,"height":44},"margin":10}"#
    .utf8)
let avoidViewportBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"viewport":{"layout":{"width":390,"height":844},"visual":{"offsetLeft":0,"offsetTop":0,"width":390,"height":508,"scale":1}},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10}"#
    .utf8)
/// The same page as Chrome's with `interactive-widget=resizes-content` (the layout viewport shrunk
/// by the keyboard, its height before the focus sent) and with `overlays-content` (the keyboard's
/// rectangle from the VirtualKeyboard API): what `readViewport()` sends for such pages.
let avoidResizesContentBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":508},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"viewport":{"layout":{"width":390,"height":508},"visual":{"offsetLeft":0,"offsetTop":0,"width":390,"height":508,"scale":1},"interactiveWidget":"resizes-content","restingHeight":844},"field":{"x":20,"y":400,"width":350,"height":44},"margin":10}"#
    .utf8)
let avoidOverlaysContentBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"viewport":{"layout":{"width":390,"height":844},"visual":{"offsetLeft":0,"offsetTop":0,"width":390,"height":844,"scale":1},"interactiveWidget":"overlays-content","keyboardRect":{"x":0,"y":508,"width":390,"height":336}},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10}"#
    .utf8)
/// `examples/sheet.json` written compactly (contract §14): a comment box, its field in the sheet.
let sheetBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"detents":[300,600],"keyboardHeight":336,"header":56,"field":{"x":16,"y":400,"width":358,"height":44},"contentOffset":{"x":0,"y":0},"contentSize":{"width":390,"height":900}}"#
    .utf8)

/// An app in Split View's right half (contract §15, `examples/window.json`'s request): the container
/// in the window's coordinates, the keyboard and `window` in the screen's. 287 bytes.
let windowBody = Array(
  #"{"window":{"x":602,"y":0,"width":592,"height":834},"screen":{"x":0,"y":0,"width":1194,"height":834},"container":{"x":0,"y":0,"width":592,"height":834},"safeArea":{"top":24,"bottom":20},"keyboard":{"x":0,"y":436,"width":1194,"height":398},"field":{"x":20,"y":600,"width":552,"height":44}}"#
    .utf8)
/// Slide Over with the keyboard's rectangle one strip short of the screen's bottom: the answer
/// carries a warning (contract §15.3). 255 bytes.
let windowWarningBody = Array(
  #"{"window":{"x":506,"y":24,"width":320,"height":1150},"screen":{"x":0,"y":0,"width":834,"height":1194},"container":{"x":0,"y":0,"width":320,"height":1150},"keyboard":{"x":0,"y":854,"width":834,"height":320},"field":{"x":16,"y":900,"width":288,"height":44}}"#
    .utf8)

/// A body with `"track": true` (contract §11) added as its last member.
func tracked(_ body: [UInt8]) -> [UInt8] {
  Array(body.dropLast()) + Array(#","track":true}"#.utf8)
}
/// The translate body as a scroll view (2,000 points of content at rest) and as resize.
let scrollBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10,"mode":"scroll","contentOffset":{"x":0,"y":0},"contentSize":{"width":390,"height":2000}}"#
    .utf8)
let resizeBody = Array(
  #"{"container":{"x":0,"y":0,"width":390,"height":844},"safeArea":{"top":47,"left":0,"bottom":34,"right":0},"keyboard":{"x":0,"y":508,"width":390,"height":336},"field":{"x":20,"y":700,"width":350,"height":44},"margin":10,"mode":"resize"}"#
    .utf8)

/// Measures one endpoint both ways and adds its rows to `table`; returns a checksum of the
/// results so that the optimizer keeps the work.
func benchmark<Request: DiagramDrawable>(
  _ name: String, endpoint request: Request.Type, body: [UInt8], into table: inout BenchTable
) -> Int {
  typealias Endpoint = LayoutOperation<Request>
  var sink = 0
  let data = Data(body)
  let decoder = JSONDecoder()
  let encoder = JSONEncoder()
  var answer: [UInt8] = []
  answer.reserveCapacity(512)

  // The paths must agree before their speed means anything.
  try! body.withUnsafeBytes { try Endpoint.writeAnswer($0, decoder: .fast, into: &answer) }
  let fastAnswer = answer
  try! body.withUnsafeBytes { try Endpoint.writeAnswer($0, decoder: .foundation, into: &answer) }
  precondition(answer == fastAnswer, "\(name): the decoders answer differently")
  let foundationAnswer = try! encoder.encode(
    Endpoint.answer(to: try! decoder.decode(Request.self, from: data)))
  precondition(
    (try! JSONSerialization.jsonObject(with: Data(answer)) as! NSDictionary)
      == (try! JSONSerialization.jsonObject(with: foundationAnswer) as! NSDictionary),
    "\(name): the answers differ")

  let fast = CallCost.of(rounds: rounds, calls: calls) {
    body.withUnsafeBytes { try! Endpoint.writeAnswer($0, decoder: .fast, into: &answer) }
    sink &+= answer.count
  }
  let foundationCalls = max(calls / 10, 100)
  let viaJSONDecoder = CallCost.of(rounds: rounds, calls: foundationCalls) {
    body.withUnsafeBytes { try! Endpoint.writeAnswer($0, decoder: .foundation, into: &answer) }
    sink &+= answer.count
  }
  let foundation = CallCost.of(rounds: rounds, calls: foundationCalls) {
    let encoded = try! encoder.encode(
      Endpoint.answer(to: try! decoder.decode(Request.self, from: data)))
    sink &+= encoded.count
  }
  table.add(name, "layoutd --decoder fast: parse + validate + compute + write", fast, baseline: foundation)
  table.add(
    name, "layoutd --decoder foundation: parse + JSONDecoder + compute + write", viaJSONDecoder,
    baseline: foundation)
  table.add(name, "Foundation alone: JSONDecoder + compute + JSONEncoder", foundation, baseline: foundation)
  return sink
}

var table = BenchTable()
var sink = benchmark("/avoid", endpoint: AvoidRequest.self, body: avoidBody, into: &table)
sink &+= benchmark("/avoid frameRate:120", endpoint: AvoidRequest.self, body: avoidFramesBody, into: &table)
sink &+= benchmark(
  "/avoid + alsoReveal ×4", endpoint: AvoidRequest.self, body: avoidAlsoRevealBody, into: &table)
sink &+= benchmark("/caret-follow", endpoint: CaretFollowRequest.self, body: caretBody, into: &table)
sink &+= benchmark("/chat", endpoint: ChatRequest.self, body: chatBody, into: &table)
sink &+= benchmark(
  "/avoid keyboardHeight", endpoint: AvoidRequest.self, body: avoidHeightBody, into: &table)
sink &+= benchmark("/avoid viewport", endpoint: AvoidRequest.self, body: avoidViewportBody, into: &table)
sink &+= benchmark(
  "/avoid viewport resizes-content", endpoint: AvoidRequest.self, body: avoidResizesContentBody,
  into: &table)
sink &+= benchmark(
  "/avoid viewport overlays-content", endpoint: AvoidRequest.self, body: avoidOverlaysContentBody,
  into: &table)
sink &+= benchmark("/sheet", endpoint: SheetRequest.self, body: sheetBody, into: &table)
sink &+= benchmark("/avoid window", endpoint: AvoidRequest.self, body: windowBody, into: &table)
sink &+= benchmark(
  "/avoid window + warning", endpoint: AvoidRequest.self, body: windowWarningBody, into: &table)

for (name, body) in [
  ("/avoid track", avoidBody), ("/avoid scroll track", scrollBody), ("/avoid resize track", resizeBody),
  ("/avoid + alsoReveal ×4 track", avoidAlsoRevealBody),
] {
  sink &+= benchmark(name, endpoint: AvoidRequest.self, body: tracked(body), into: &table)
}
sink &+= benchmark(
  "/caret-follow track", endpoint: CaretFollowRequest.self, body: tracked(caretBody), into: &table)
sink &+= benchmark("/chat track", endpoint: ChatRequest.self, body: tracked(chatBody), into: &table)
sink &+= benchmark("/sheet track", endpoint: SheetRequest.self, body: tracked(sheetBody), into: &table)

/// The core alone, `avoid` or `caretFollow` with `track` beside the same call without it (the
/// baseline of the last column): what computing the track (contract §11) adds.
func benchmarkTrack<Request: Decodable, Answer>(
  _ name: String, body: [UInt8], request: Request.Type, into table: inout BenchTable,
  compute: @escaping (Request) -> Answer, track: (inout Request) -> Void
) -> Int {
  var sink = 0
  var request = try! JSONDecoder().decode(Request.self, from: Data(body))
  let plain = CallCost.of(rounds: rounds, calls: calls) {
    withExtendedLifetime(compute(request)) { sink &+= 1 }
  }
  track(&request)
  let withTrack = CallCost.of(rounds: rounds, calls: calls) {
    withExtendedLifetime(compute(request)) { sink &+= 1 }
  }
  table.add(name, "core: answer without track", plain, baseline: plain)
  table.add(name, "core: answer with track (last column: vs without)", withTrack, baseline: plain)
  return sink
}

for (name, body) in [
  ("translate", avoidBody), ("scroll", scrollBody), ("resize", resizeBody),
  ("translate + alsoReveal ×4", avoidAlsoRevealBody),
] {
  sink &+= benchmarkTrack(name, body: body, request: AvoidRequest.self, into: &table, compute: avoid) {
    $0.track = true
  }
}
sink &+= benchmarkTrack(
  "caret-follow", body: caretBody, request: CaretFollowRequest.self, into: &table, compute: caretFollow
) { $0.track = true }

/// One item of a 1,000-item batch, with each decoder: the batch is parsed once and every answer
/// written into one reused buffer, so the cost per item is measured over whole batches and
/// divided, and compared with one single request read by the same decoder.
func benchmarkBatch<Request: DiagramDrawable>(
  _ name: String, endpoint request: Request.Type, body: [UInt8], into table: inout BenchTable
) -> Int {
  typealias Endpoint = LayoutOperation<Request>
  let items = 1000
  let batch =
    [UInt8(ascii: "[")] + Array(repeating: body, count: items).joined(separator: [UInt8(ascii: ",")])
    + [UInt8(ascii: "]")]
  var answer = HTTPResponse()
  let maxItemBytes = HTTPServer.Configuration.defaultMaxBodyBytes
  var single: [UInt8] = []
  var sink = 0
  for decoder in RequestDecoder.allCases where decoder.isAvailable {
    try! body.withUnsafeBytes { try Endpoint.writeAnswer($0, decoder: decoder, into: &single) }
    let count = try! batch.withUnsafeBytes {
      try Endpoint.answerBatch($0, decoder: decoder, maxItemBytes: maxItemBytes, into: &answer)
    }
    // Every element of the batch is the single answer.
    precondition(
      count == items
        && answer.body == [UInt8(ascii: "[")]
          + Array(repeating: single, count: items).joined(separator: [UInt8(ascii: ",")])
          + [UInt8(ascii: "]")],
      "\(name) (\(decoder)): the batch answer differs from the single answers")
    let singleCalls = decoder == .fast ? calls : max(calls / 10, 100)
    let batches = max(singleCalls / items, 5)
    var perBatch = CallCost.of(rounds: rounds, calls: batches) {
      batch.withUnsafeBytes {
        sink &+= try! Endpoint.answerBatch($0, decoder: decoder, maxItemBytes: maxItemBytes, into: &answer)
      }
    }
    let perSingle = CallCost.of(rounds: rounds, calls: singleCalls) {
      body.withUnsafeBytes { try! Endpoint.writeAnswer($0, decoder: decoder, into: &single) }
      sink &+= single.count
    }
    perBatch.nanosecondsPerCall /= Double(items)
    perBatch.allocationsPerCall /= Double(items)
    perBatch.bytesPerCall /= Double(items)
    table.add(
      name, "layoutd --decoder \(decoder): one item of a 1,000-item batch (vs a single request)", perBatch,
      baseline: perSingle)
  }
  return sink
}

/// What the server does for every finished request besides answering it: one JSON access-log
/// line (written by the log's own thread, here to /dev/null) and the metrics.
func benchmarkObserver(into table: inout BenchTable) {
  let null = try! FileDescriptor.open(writingTo: "/dev/null")
  // Room for every line written between two passes of the writer: none is dropped.
  let log = AccessLog(format: .json, descriptor: null, capacity: 1 << 30)
  let service = LayoutAPI.service()
  let metrics = service.observer(ServiceMetrics.self)!
  let request = CompletedRequest(
    method: .post, path: "/avoid", route: service.routes.route(for: "/avoid")!.id, status: 200,
    durationNanoseconds: 84_321, bytesIn: 218,
    bytesOut: 120, requestID: RequestID("5f2c9a0e1b7d4c3a0000000000000001"), completed: true)
  let measured = CallCost.of(rounds: rounds, calls: calls) {
    log.requestEnded(request)
    metrics.requestEnded(request)
  }
  log.writer.close()
  null.close()
  precondition(log.writer.droppedLineCount == 0, "the access log dropped lines")
  table.add("observer", "layoutd: JSON access-log line + metrics, one request", measured, baseline: measured)
}

benchmarkObserver(into: &table)
sink &+= benchmarkBatch("/avoid/batch", endpoint: AvoidRequest.self, body: avoidBody, into: &table)
sink &+= benchmarkBatch(
  "/caret-follow/batch", endpoint: CaretFollowRequest.self, body: caretBody, into: &table)
sink &+= benchmarkBatch("/chat/batch", endpoint: ChatRequest.self, body: chatBody, into: &table)
sink &+= benchmarkBatch("/sheet/batch", endpoint: SheetRequest.self, body: sheetBody, into: &table)
table.print(calls: calls, rounds: rounds)
print("\n(batch rows: per item, the column after bytes/op compares with one single request)")
if sink == 42 { print("") }
