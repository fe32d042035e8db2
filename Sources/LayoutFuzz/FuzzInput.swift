import LayoutCore
import LayoutJSON
import LayoutService
import MicroHTTP

/// One fuzz input: its first byte chooses the endpoint, its second the route (the endpoint or its
/// batch route) and the request headers, the rest is the request body. The request goes through
/// the pipeline the server runs (`RequestEngine.respond(to:)`: routing, handlers, problems, request
/// ids, CORS, metrics), and then, when asked, through one that reads bodies with Foundation's
/// `JSONDecoder`.
///
/// First byte: the endpoint, the byte's value modulo the number of the route table's endpoints
/// (`endpoint(_:)`), so that each endpoint of a table of up to 256 is reached.
/// Second byte: bits 0–1 the `Accept` header (none, JSON, SVG, SVG preferred to JSON); bits 2–3
/// the `Content-Type` (JSON, none, `text/plain`, XML); bit 4 answer with `--decoder foundation`
/// too, which must give the same status, answer and problem (`type`, `pointer`); bit 5 the
/// endpoint's batch route; bits 6–7 choose nothing. A byte the input is too short to hold is 0.
/// Every body is also read into the record by the thread's templates and by the reader alone,
/// which must make the same of it, and as a batch by the element reader and as a whole by the
/// parser, which must break at the same place.
enum FuzzInput {
  /// Batch items past this many bytes are skimmed and answered 413: small, so that the fuzzer
  /// reaches that path within its input length.
  static let maxItemBytes = 256
  static let engine = RequestEngine(
    configuration: HTTPServer.Configuration(), service: LayoutAPI.service(maxItemBytes: maxItemBytes))
  static let foundationEngine = RequestEngine(
    configuration: HTTPServer.Configuration(),
    service: LayoutAPI.service(.init(decoder: .foundation), maxItemBytes: maxItemBytes))
  /// The route table's computing endpoints, in the order it registers them.
  static let endpoints = LayoutAPI.operationPaths

  /// The endpoint `selector` picks: its value modulo the number of endpoints, in the order the
  /// route table registers them (`0x00` the first).
  static func endpoint(_ selector: UInt8) -> String {
    endpoints[Int(selector) % endpoints.count]
  }

  /// Runs one input; traps when an answer breaks the service's promises.
  static func run(_ input: UnsafeRawBufferPointer) {
    let endpointSelector = input.first ?? 0
    let form = input.dropFirst().first ?? 0
    let body = UnsafeRawBufferPointer(rebasing: input.dropFirst(2))
    let isBatch = form & 0x20 != 0
    let path = endpoint(endpointSelector) + (isBatch ? "/batch" : "")
    var headers: [HTTPHeader] = []
    switch form & 3 {
    case 1: headers.append(HTTPHeader("Accept", "application/json"))
    case 2: headers.append(HTTPHeader("Accept", "image/svg+xml"))
    case 3: headers.append(HTTPHeader("Accept", "image/svg+xml, application/json;q=0.5"))
    default: break
    }
    let contentType = (form >> 2) & 3
    switch contentType {
    case 0: headers.append(HTTPHeader("Content-Type", "application/json"))
    case 2: headers.append(HTTPHeader("Content-Type", "text/plain;charset=utf-8"))
    case 3: headers.append(HTTPHeader("Content-Type", "application/xml"))
    default: break
    }
    let request = HTTPRequest(method: .post, path: path, headers: headers, body: body)
    let response = engine.respond(to: request)
    check(response, contentTypeIsXML: contentType == 3, isBatch: isBatch)
    precondition(
      syntaxError(readingElementsOf: body) == syntaxError(parsing: body),
      "the element reader and the parser disagree on where the body stops being JSON")
    // The thread's templates have learned from the inputs before: what one of them makes of the
    // body is what the reader alone makes of it.
    precondition(
      JSONRecord.recordDescription(body, usingTemplates: true)
        == JSONRecord.recordDescription(body, usingTemplates: false),
      "a template read the body differently from the reader")
    if form & 0x10 != 0 {
      let foundation = foundationEngine.respond(to: request)
      precondition(foundation.status == response.status, "the decoders answer different statuses")
      if response.status == 200 {
        precondition(foundation.body == response.body, "the decoders answer differently")
      } else {
        precondition(problem(foundation) == problem(response), "the decoders answer different problems")
      }
    }
  }

  /// A problem answer's `type` and `pointer`.
  private static func problem(_ response: HTTPResponse) -> [String?] {
    response.body.withUnsafeBytes { bytes in
      try! JSONDocument.withParsed(bytes) {
        [try $0.stringIfPresent("type"), try $0.stringIfPresent("pointer")]
      }
    }
  }

  /// Where `body` stops being JSON, to the whole-document parser.
  private static func syntaxError(parsing body: UnsafeRawBufferPointer) -> JSONSyntaxError? {
    do {
      try JSONDocument.validate(body)
      return nil
    } catch {
      return error as? JSONSyntaxError
    }
  }

  /// Where `body` stops being JSON, to the batch's element reader.
  private static func syntaxError(readingElementsOf body: UnsafeRawBufferPointer) -> JSONSyntaxError? {
    do {
      _ = try JSONDocument.forEachElement(
        ofArray: body, maxElementBytes: maxItemBytes, maxElements: .max
      ) { _, _ in }
      return nil
    } catch {
      return error as? JSONSyntaxError
    }
  }

  /// An answer is 200 with a JSON object (an array for a batch) or an SVG document, or a
  /// 400/415/422 problem.
  private static func check(_ response: HTTPResponse, contentTypeIsXML: Bool, isBatch: Bool) {
    switch response.status {
    case 200:
      precondition(!contentTypeIsXML, "an XML body was answered 200")
      if response.contentType == "image/svg+xml" {
        let text = String(decoding: response.body, as: UTF8.self)
        precondition(
          text.hasPrefix("<?xml") && text.contains("</svg>"), "an SVG answer is not an SVG document")
      } else {
        precondition(response.contentType == "application/json", "unexpected \(response.contentType)")
        let (first, last): (Unicode.Scalar, Unicode.Scalar) = isBatch ? ("[", "]") : ("{", "}")
        precondition(response.body.first == UInt8(ascii: first) && response.body.last == UInt8(ascii: last))
        if isBatch { response.body.withUnsafeBytes { precondition((try? JSONDocument.validate($0)) != nil) } }
      }
    case 400, 415, 422:
      precondition(response.contentType == HTTPError.problemContentType)
      precondition(response.body.starts(with: Array(#"{"type":"#.utf8)))
    default:
      preconditionFailure("status \(response.status): \(String(decoding: response.body, as: UTF8.self))")
    }
  }
}

/// libFuzzer's entry point: runs one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func layoutFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzInput.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
  return 0
}
