internal import CMicroHTTPD
import Glibc

// RFC 9112 §5 and §6: the header block as sent, and how long a request's body is, read so that
// a proxy in front and this server can never disagree. libmicrohttpd 0.9.75 reads only the
// first `Content-Length` and the first `Transfer-Encoding` field and lets the others through;
// these checks look at every field before the request is routed, and a request whose fields or
// length could be read two ways is answered 400 and its connection closed (the bytes after it
// cannot be trusted to start a request).
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
  /// Whether a `Transfer-Encoding` field came: with framing that passed, a chunked body follows.
  private(set) var hasTransferEncoding = false
  /// The first `Transfer-Encoding` field's value: the one libmicrohttpd reads.
  private var firstTransferEncoding: UnsafePointer<CChar>?
  /// The transfer codings of every `Transfer-Encoding` field, in order.
  private var codings: [Substring] = []
  /// The end of the previous field's value: where its line's terminator was (`isWholeLine`).
  private var previousValueEnd: UnsafePointer<CChar>?
  /// Whether a `Host` field came already.
  private var hasHost = false
  /// The fields read so far.
  private var fieldCount = 0
  /// What libmicrohttpd's reading of the first `Cookie` field takes besides the field: a copy
  /// of its value and a 64-byte record per cookie.
  private var cookieMemory = -1

  /// Reads every header field of `connection`'s request (HTTP version `version`).
  ///
  /// `requestLine` is where the request line starts (libmicrohttpd's method, which it reads in
  /// place), and `memoryLimit` the most the line and header block may take
  /// (`Configuration.maxHeaderBytes`).
  init(
    _ connection: OpaquePointer, requestLine: UnsafePointer<CChar>, version: UnsafePointer<CChar>?,
    memoryLimit: Int
  ) {
    withUnsafeMutablePointer(to: &self) { scan in
      _ = MHD_get_connection_values_n(connection, .HEADER_KIND, readField, scan)
    }
    if !hasProblem, !endsWhereLibmicrohttpdEnds(connection, requestLine: requestLine, version: version) {
      failMalformed()
    }
    if !hasProblem { checkMemory(requestLine: requestLine, version: version, limit: memoryLimit) }
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
    } else if let first = firstTransferEncoding, strcasecmp(first, "chunked") != 0 {
      // libmicrohttpd reads chunks only when its first field is exactly `chunked`; for
      // `chunked ` or `, chunked` it would read the body up to the connection's close.
      fail(.transferEncodingNotPlainChunked)
    }
  }

  /// Whether the last line read (the last field's, or the request line) is followed by the empty
  /// line and nothing else up to where libmicrohttpd ended the header block.
  ///
  /// Between them only the NULs of two line ends: a NUL inside the last value would leave the
  /// rest of its line there, and a line that starts with a NUL or a colon ends libmicrohttpd's
  /// block early, its own bytes and any fields after it read as a body or the next request.
  private func endsWhereLibmicrohttpdEnds(
    _ connection: OpaquePointer, requestLine: UnsafePointer<CChar>, version: UnsafePointer<CChar>?
  ) -> Bool {
    let size = CMicroHTTPD_request_header_size(connection)
    let lineEnd: UnsafePointer<CChar>
    if let previousValueEnd {
      lineEnd = previousValueEnd
    } else if let version, version[0] != 0, requestLine < version {
      lineEnd = version + strlen(version)
    } else {
      return true
    }
    let blockEnd = requestLine + size
    guard size > 0, lineEnd < blockEnd else { return size == 0 }
    let gap = lineEnd.distance(to: blockEnd)
    guard gap >= 2, gap <= 4 else { return false }
    for index in 0..<gap where lineEnd[index] != 0 { return false }
    return true
  }

  /// Fails with 414 or 431 when the request line, or the line and header block, take more of
  /// libmicrohttpd's connection memory than `limit`: their bytes, which it reads in place, and
  /// a 64-byte record per field.
  ///
  /// libmicrohttpd answers only what does not fit its memory at all, and a block that fits
  /// with too little left for the answer's header block got no answer; its memory is
  /// `limit + Configuration.answerReserve`, so a block under `limit` always leaves that room.
  private mutating func checkMemory(
    requestLine: UnsafePointer<CChar>, version: UnsafePointer<CChar>?, limit: Int
  ) {
    if let version, requestLine < version, requestLine.distance(to: version) + strlen(version) + 2 > limit {
      fail(.uriTooLong(limit: limit))
    } else if let end = previousValueEnd, requestLine < end,
      requestLine.distance(to: end) + 4 + 64 * fieldCount + max(0, cookieMemory) > limit
    {
      fail(.headerFieldsTooLarge(limit: limit))
    }
  }

  private mutating func fail(_ problem: HTTPError) {
    self.problem = problem
    hasProblem = true
  }

  /// Fails for a header block out of step with its lines (`isWholeLine`,
  /// `endsWhereLibmicrohttpdEnds`): none of its values is read, not even the request id, which
  /// may be cut short.
  private mutating func failMalformed() {
    fail(.malformedFieldLine)
    known = KnownHeaders()
  }

  /// Takes in one header field: `length` and `valueLength` are libmicrohttpd's, which are the
  /// `strlen` of each (connection.c, `process_broken_line`).
  fileprivate mutating func read(
    name: UnsafePointer<CChar>, length: Int, value: UnsafePointer<CChar>, valueLength: Int
  ) {
    guard !hasProblem else { return }
    guard isWholeLine(name: name, length: length, value: value) else {
      failMalformed()
      return
    }
    previousValueEnd = value + valueLength
    fieldCount += 1
    // RFC 9112 §2.2: a CR that does not end a line is invalid; a proxy may end the line there.
    guard memchr(value, 0x0D, valueLength) == nil else {
      fail(.carriageReturnInField)
      return
    }
    // A name the server knows is a token; only the others are read byte for byte.
    if let kept = known.note(name, length: length, value: value) {
      if kept == .contentEncoding, !HTTPSyntax.isIdentityCoding(value, count: valueLength) {
        // RFC 9110 §5.3: the fields are one list; any coding in a later one makes it coded.
        known.replace(.contentEncoding, with: value)
      }
      guard kept == .host else { return }
      // RFC 9112 §3.2: more than one Host, or one that is not a host, is answered 400.
      if hasHost {
        fail(.moreThanOneHost)
      } else if !HTTPSyntax.isHost(value, count: valueLength) {
        fail(.invalidHost)
      }
      hasHost = true
    } else if length == 14, strcasecmp(name, "Content-Length") == 0 {
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
      if !hasTransferEncoding { firstTransferEncoding = value }
      hasTransferEncoding = true
      for element in String(cString: value).split(separator: ",") {
        let coding = element.prefix { $0 != ";" }.trimmingOWS()
        if !coding.isEmpty { codings.append(coding) }
      }
    } else if length == 6, strcasecmp(name, "Cookie") == 0 {
      if cookieMemory < 0 {
        var cookies = 1
        for index in 0..<valueLength where value[index] == 0x3B { cookies += 1 }
        cookieMemory = valueLength + 1 + 64 * cookies
      }
    } else if length > 0, name[length - 1] == 0x20 || name[length - 1] == 0x09 {
      // RFC 9112 §5.1: whitespace between a field name and its colon is answered 400; a proxy
      // may read `Content-Length :` as Content-Length while libmicrohttpd does not.
      fail(.fieldNameEndsInWhitespace)
    } else if !HTTPSyntax.isToken(name, count: length) {
      fail(.fieldNameNotToken)
    }
  }

  /// Whether a field is one whole line of the header block as sent, right after the previous
  /// field's line.
  ///
  /// libmicrohttpd 0.9.75 parses the block in place: each line end (CRLF or a bare LF) becomes
  /// NUL bytes, the colon a NUL, and a field's name and value point into the line. Two things
  /// break that layout, and both let a proxy read the block otherwise: a NUL byte inside a value
  /// (the C string ends there, the rest of the line is lost: `Content-Length: 2<NUL>39`), and an
  /// obs-fold line (libmicrohttpd appends it to the *name*, moved elsewhere, so that
  /// `Content-Length:` folded onto ` 43` is no Content-Length at all). RFC 9110 §5.5 and RFC 9112
  /// §5.2 allow rejecting both.
  private func isWholeLine(name: UnsafePointer<CChar>, length: Int, value: UnsafePointer<CChar>) -> Bool {
    if let end = previousValueEnd {
      // The previous line's terminator: one NUL for a bare LF, two for CRLF.
      guard name == (end[1] == 0 ? end + 2 : end + 1) else { return false }
    }
    // Between the colon and the value only the spaces and tabs libmicrohttpd skipped.
    var between = name + length + 1
    guard between <= value else { return false }
    while between < value {
      guard between.pointee == 0x20 || between.pointee == 0x09 else { return false }
      between += 1
    }
    return true
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

/// `MHD_get_connection_values_n`'s iterator: hands each header field to the `RequestFraming`
/// that `cls` points to.
private func readField(
  _ cls: UnsafeMutableRawPointer?, _ kind: MHD_ValueKind, _ key: UnsafePointer<CChar>?, _ keySize: Int,
  _ value: UnsafePointer<CChar>?, _ valueSize: Int
) -> MHD_Result {
  guard let cls, let key, let value else { return .YES }
  let framing = cls.assumingMemoryBound(to: RequestFraming.self)
  framing.pointee.read(name: key, length: keySize, value: value, valueLength: valueSize)
  return framing.pointee.hasProblem ? .NO : .YES
}
