internal import CMicroHTTPD
import Glibc

// RFC 9112 §6: how long a request's body is, read so that a proxy in front and this server
// can never disagree. libmicrohttpd 0.9.75 reads only the first `Content-Length` and the first
// `Transfer-Encoding` field and lets the others through; these checks look at every field
// before the request is routed, and a request whose length is ambiguous is answered 400 and
// its connection closed (the bytes after it cannot be trusted to start a request).
//
// libmicrohttpd answers some requests by itself before these checks run: a first
// `Content-Length` that is not a plain decimal (400) or does not fit 64 bits (413), a bad
// chunk size (400), headers over the memory limit (431), a request line over it (414).

/// What the header fields of one request say about its framing.
struct RequestFraming {
  /// The body length every `Content-Length` field agrees on; -1 when there is none, `Int.max`
  /// when it does not fit.
  var contentLength = -1
  /// The problem that answers the request, when its framing is ambiguous or unsupported.
  private(set) var problem: HTTPError?
  /// Whether `problem` is set: tested once per header field, and cheaper than testing the
  /// optional (a copy of a struct holding strings).
  private(set) var hasProblem = false

  /// The fields the server reads on every request, found on the way.
  private(set) var known = KnownHeaders()
  private var hasTransferEncoding = false
  /// The transfer codings of every `Transfer-Encoding` field, in order.
  private var codings: [Substring] = []

  /// Reads every header field of `connection`'s request (HTTP version `version`).
  init(_ connection: OpaquePointer, version: UnsafePointer<CChar>?) {
    withUnsafeMutablePointer(to: &self) { scan in
      _ = MHD_get_connection_values(connection, .HEADER_KIND, readField, scan)
    }
    guard !hasProblem, hasTransferEncoding else { return }
    if let version, strcmp(version, "HTTP/1.0") == 0 {
      // RFC 9112 §6.1: the framing of an HTTP/1.0 message with Transfer-Encoding is faulty.
      fail(.transferEncodingInHTTP10)
    } else if contentLength >= 0 {
      // RFC 9112 §6.3 (3): both headers are a smuggling attempt or a broken client.
      fail(.contentLengthWithTransferEncoding)
    } else if codings.last.map({ $0.lowercased() != "chunked" }) ?? true {
      // RFC 9112 §6.3 (4): without a final `chunked` the body's end cannot be known.
      fail(.transferEncodingWithoutFinalChunked)
    } else if codings.count > 1 {
      fail(
        codings.dropLast().contains { $0.lowercased() == "chunked" }
          ? .chunkedMoreThanOnce : .unsupportedTransferCoding)
    }
  }

  private mutating func fail(_ problem: HTTPError) {
    self.problem = problem
    hasProblem = true
  }

  /// Takes in one header field.
  fileprivate mutating func read(name: UnsafePointer<CChar>, value: UnsafePointer<CChar>) {
    guard !hasProblem else { return }
    let length = strlen(name)
    known.note(name, length: length, value: value)
    if length == 14, strcasecmp(name, "Content-Length") == 0 {
      guard let length = Self.decimal(value) else {
        fail(.contentLengthNotDecimal)
        return
      }
      if contentLength >= 0, contentLength != length {
        // RFC 9112 §6.3 (5); identical values collapse into one (RFC 9110 §8.6).
        fail(.contentLengthsDiffer)
      }
      contentLength = length
    } else if length == 17, strcasecmp(name, "Transfer-Encoding") == 0 {
      hasTransferEncoding = true
      for element in String(cString: value).split(separator: ",") {
        let coding = element.prefix { $0 != ";" }.trimmingOWS()
        if !coding.isEmpty { codings.append(coding) }
      }
    } else if length > 0, name[length - 1] == 0x20 || name[length - 1] == 0x09 {
      // RFC 9112 §5.1: whitespace between a field name and its colon is answered 400; a proxy
      // may read `Content-Length :` as Content-Length while libmicrohttpd does not.
      fail(.fieldNameEndsInWhitespace)
    }
  }

  /// The value of `text` if it is one or more decimal digits (surrounding spaces and tabs
  /// aside); `Int.max` when it does not fit.
  static func decimal(_ text: UnsafePointer<CChar>) -> Int? {
    var index = 0
    while text[index] == 0x20 || text[index] == 0x09 { index += 1 }
    var value = 0
    var digits = 0
    while (0x30...0x39).contains(text[index]) {
      let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times10.addingReportingOverflow(Int(text[index]) - 0x30)
      value = overflow1 || overflow2 ? Int.max : sum
      digits += 1
      index += 1
    }
    while text[index] == 0x20 || text[index] == 0x09 { index += 1 }
    return digits > 0 && text[index] == 0 ? value : nil
  }
}

/// `MHD_get_connection_values`'s iterator: hands each header field to the `RequestFraming`
/// that `cls` points to.
private func readField(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?,
  _ value: UnsafePointer<CChar>?
) -> MHD_Result {
  guard let cls, let key, let value else { return .YES }
  let framing = cls.assumingMemoryBound(to: RequestFraming.self)
  framing.pointee.read(name: key, value: value)
  return framing.pointee.hasProblem ? .NO : .YES
}

/// The path an origin-form or absolute-form request target names (RFC 9112 §3.2.2): for
/// `http://host:8080/healthz` it is `/healthz` (and `/` when the target has no path). The query
/// is already cut off by libmicrohttpd.
func requestPath(_ target: UnsafePointer<CChar>) -> String {
  let text = String(cString: target)
  guard target[0] != 0x2F, let schemeEnd = text.firstRange(of: "://") else { return text }
  let scheme = text[..<schemeEnd.lowerBound].lowercased()
  guard scheme == "http" || scheme == "https" else { return text }
  let authorityAndPath = text[schemeEnd.upperBound...]
  guard let slash = authorityAndPath.firstIndex(of: "/") else { return "/" }
  return String(authorityAndPath[slash...])
}

extension Substring {
  /// Without leading and trailing spaces and tabs (RFC 9110's OWS), as around header list
  /// elements and parameters.
  package func trimmingOWS() -> Substring {
    var text = self
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
