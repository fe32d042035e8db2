import MicroHTTP
import Posix

/// The stage that lets through only the requests that carry an access key in force
/// (`--api-keys`): `Authorization: Bearer KEY` on every protected route, decided when the headers
/// are in, before any body is read.
///
/// The protected routes are the computing endpoints (single and batch) and `GET /metrics`; the
/// probes, the files and `OPTIONS` (CORS preflights, which carry no credentials) stay open, and a
/// path without a route is the router's 404. A refusal is 401 with `WWW-Authenticate` (RFC 6750
/// §3), counted, and noted for the access log as `unauthorized` (`missing` or `invalid`); a request
/// let through is noted with its key's name as `key`. The key itself is never noted.
final class AccessKeyGate: HTTPMiddleware {
  /// The keys in force.
  let keys: AccessKeys
  /// Per route, by `RouteID`: whether it needs a key.
  private let protected: [Bool]
  /// Requests refused, in shard 0's counter 0: `layoutd_unauthorized_requests_total`.
  let refusals: AtomicCounterArray

  /// The stage that checks `keys` on `routes`, counting refusals in `refusals`.
  init(
    keys: AccessKeys, protecting routes: [RouteID],
    refusals: AtomicCounterArray = AtomicCounterArray(count: 1)
  ) {
    self.keys = keys
    var protected = [Bool](repeating: false, count: (routes.map(\.rawValue).max() ?? -1) + 1)
    for route in routes { protected[route.rawValue] = true }
    self.protected = protected
    self.refusals = refusals
  }

  /// The note of the key's name on a request let through.
  static let keyNote: StaticString = "key"
  /// The note on a refused request: `missing` (no bearer key) or `invalid` (one not in force).
  static let refusalNote: StaticString = "unauthorized"

  var answersBeforeBody: Bool { true }
  /// `false`: a request let through is answered as without the gate.
  var respondsAroundNext: Bool { false }

  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision {
    guard let route, route.rawValue < protected.count, protected[route.rawValue] else { return .proceed }
    var sent = false
    var name: String?
    _ = request.header(.authorization) { value in
      guard let value, let credentials = Self.bearerCredentials(value) else { return true }
      sent = true
      // Every key in force is a token (`AccessKeyFile.isToken`): credentials that are not match none.
      name = keys.name(of: credentials)
      return true
    }
    if request.hasRepeatedHeader(.authorization) {
      // RFC 9110 §11.6.2: one set of credentials a request.
      sent = true
      name = nil
    }
    if let name {
      notes.note(Self.keyNote, .text(name))
      return .proceed
    }
    // A preflight carries no credentials (Fetch §4.8): CORS answers it.
    if request.method == .options { return .proceed }
    return .answer(refusal(keySent: sent, notes: &notes))
  }

  /// The 401 for a request without a key in force, counted and noted: apart from
  /// `answerBeforeBody`, so that a request let through does not set up what it needs.
  @inline(never)
  private func refusal(keySent sent: Bool, notes: inout RequestNotes) -> HTTPResponse {
    refusals.add(1, at: 0, shard: ThreadIndex.shard)
    notes.note(Self.refusalNote, .text(sent ? "invalid" : "missing"))
    var response = HTTPResponse()
    HTTPError.unauthorized(keySent: sent).render(into: &response)
    return response
  }

  /// The credentials of an `Authorization` value whose scheme is `Bearer` (its name in any case,
  /// RFC 9110 §11.1), after the spaces that follow it; nil for another scheme. Empty credentials
  /// (`Bearer` alone) are a key sent, and not in force.
  @inline(__always)
  static func bearerCredentials(_ value: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
    // `bear` and `er`, each read as one word with bit 5 of every byte set: a byte is then a
    // lower-case letter only when it was that letter in either case.
    guard value.count >= 6, let scheme = value.baseAddress else { return nil }
    let bear = UInt32(littleEndian: UnsafeRawPointer(scheme).loadUnaligned(as: UInt32.self)) | 0x2020_2020
    let er = UInt16(littleEndian: UnsafeRawPointer(scheme + 4).loadUnaligned(as: UInt16.self)) | 0x2020
    guard bear == 0x7261_6562, er == 0x7265 else { return nil }
    var start = 6
    guard start == value.count || value[start] == 0x20 else { return nil }
    while start < value.count, value[start] == 0x20 { start += 1 }
    return UnsafeBufferPointer(rebasing: value[start...])
  }
}

extension HTTPError {
  /// The `WWW-Authenticate` challenge of a refusal: the `Bearer` scheme and layoutd's realm.
  static let bearerChallenge = #"Bearer realm="layoutd""#

  /// `401` for a request to a protected route without an access key in force: with
  /// `error="invalid_token"` when one was sent (RFC 6750 §3).
  static func unauthorized(keySent: Bool) -> HTTPError {
    HTTPError(
      status: 401, type: problemTypePrefix + "unauthorized", title: "Unauthorized",
      detail: keySent
        ? "The access key sent is not one this server accepts; send `Authorization: Bearer KEY` with a key in force."
        : "This route needs an access key: send `Authorization: Bearer KEY`.",
      headers: [
        HTTPHeader(
          "WWW-Authenticate", keySent ? bearerChallenge + #", error="invalid_token""# : bearerChallenge)
      ])
  }
}
