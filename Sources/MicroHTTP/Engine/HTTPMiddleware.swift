/// A stage of the chain every request passes through on its way to its route, as Hummingbird's
/// middleware is: composed in order by the `Router` around the routes' handlers.
///
/// A stage acts at two moments. When the request's headers are in and its body is not read yet,
/// `answerBeforeBody` may answer it at once (a refusal that must not wait for an upload). When
/// the request is answered, `respond` gets it with `next`, the rest of the chain: it calls `next`
/// and adds to or changes what that answered, or answers itself without calling it. Both run on
/// the worker thread that serves the request: keep them short. A stage is a class: the chain
/// holds each as a reference it calls in place.
package protocol HTTPMiddleware: AnyObject, Sendable {
  /// Whether `answerBeforeBody` may answer: the chain asks only the stages that say so.
  var answersBeforeBody: Bool { get }

  /// Whether `respond` does more than call `next`: the chain passes answers only through the
  /// stages that say so.
  var respondsAroundNext: Bool { get }

  /// The request's headers are in, its body not read: `.answer` to answer it now, and its body is
  /// then never read (the connection closes after the answer when one was announced); `.proceed`
  /// lets it go on. `route` is the route of its path, nil when none has it; `notes` go with the
  /// request to the observers, answered now or not.
  func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision

  /// Answers `request` into `response`: by calling `next` (the rest of the chain, then the route's
  /// handler or the server's problem), changing what it answered, or without calling it.
  func respond(
    to request: borrowing HTTPRequest, into response: inout HTTPResponse, next: HTTPResponder
  )
}

extension HTTPMiddleware {
  /// `false`: the stage answers only in `respond`.
  package var answersBeforeBody: Bool { false }

  /// `true`: the stage has a `respond` of its own.
  package var respondsAroundNext: Bool { true }

  /// `.proceed`: the request goes on to its body.
  package func answerBeforeBody(
    _ request: borrowing HTTPRequest, route: RouteID?, notes: inout RequestNotes
  ) -> HeadersDecision {
    .proceed
  }

  /// `next`'s answer, unchanged.
  package func respond(
    to request: borrowing HTTPRequest, into response: inout HTTPResponse, next: HTTPResponder
  ) {
    next(request, &response)
  }
}

/// What a stage decides when a request's headers are in (`HTTPMiddleware.answerBeforeBody`).
///
/// One word: the answer is boxed. Most requests go on, and an optional answer held in place would
/// be made and copied whole (a response is 176 bytes) on every request to say so.
package enum HeadersDecision {
  /// The request goes on to its body and its route.
  case proceed
  /// The request is answered now with this response.
  indirect case answer(HTTPResponse)
}

/// The rest of the chain, as a stage calls it: answers the request into the response.
package typealias HTTPResponder = (borrowing HTTPRequest, inout HTTPResponse) -> Void

/// Hears of every request when it ends (answered, aborted or timed out): what must see every
/// finished request, such as an access log or metrics. Apart from the chain, which a stage may end
/// early: an observer hears of the requests stages answered too.
package protocol HTTPObserver: AnyObject, Sendable {
  /// Called once per request when it ends.
  func requestEnded(_ request: borrowing CompletedRequest)

  /// A server started serving the service: `gauges` reads its counters from now on. Called once
  /// per server, before it answers a request; a service answered without a server (tests, the
  /// fuzzer) never hears it.
  func serverStarted(_ gauges: ServerGauges)
}

extension HTTPObserver {
  /// Does nothing: most observers read no gauge.
  package func serverStarted(_ gauges: ServerGauges) {}
}

/// What the service notes about a request for its observers (the access log, the metrics): at
/// most two named values, kept with the request until it ends.
///
/// The server writes none and reads none: it carries them from the stage or handler that notes
/// them to the observers.
@usableFromInline
package struct RequestNotes: Sendable {
  /// A noted value: a count, or a short text.
  @usableFromInline
  package enum Value: Sendable, Equatable {
    case count(Int)
    case text(String)
  }

  /// One named value.
  @usableFromInline
  package struct Note: Sendable {
    @usableFromInline package let name: StaticString
    @usableFromInline package let value: Value

    @usableFromInline
    init(name: StaticString, value: Value) {
      self.name = name
      self.value = value
    }

    /// The count this note holds when it is `name`'s, else nil.
    @inlinable
    func countNoted(as name: StaticString) -> Int? {
      guard RequestNotes.same(self.name, name), case .count(let count) = value else { return nil }
      return count
    }
  }

  @usableFromInline var first: Note?
  @usableFromInline var second: Note?

  /// No note.
  package init() {}

  /// Notes `value` as `name`, in place of an earlier note of that name; a third name is dropped.
  ///
  /// Inlinable, as `count(_:)` and the comparison of names: called with a literal, what the
  /// stages and observers call on every request folds to a few instructions.
  @inlinable
  package mutating func note(_ name: StaticString, _ value: Value) {
    let note = Note(name: name, value: value)
    if first == nil || first.map({ Self.same($0.name, name) }) == true {
      first = note
    } else if second == nil || second.map({ Self.same($0.name, name) }) == true {
      second = note
    }
  }

  /// The count noted as `name`, or nil when none was (or a text was): read without copying a
  /// text noted beside it.
  @inlinable
  package func count(_ name: StaticString) -> Int? {
    if let first = first?.countNoted(as: name) { return first }
    return second?.countNoted(as: name)
  }

  /// The value noted as `name`, or nil.
  package func value(_ name: StaticString) -> Value? {
    if let first, Self.same(first.name, name) { return first.value }
    if let second, Self.same(second.name, name) { return second.value }
    return nil
  }

  /// Whether two names spell the same, compared in place: their lengths first, then the literal
  /// itself (one name is usually one literal), then their bytes.
  @inlinable
  static func same(_ a: StaticString, _ b: StaticString) -> Bool {
    guard a.utf8CodeUnitCount == b.utf8CodeUnitCount else { return false }
    if a.hasPointerRepresentation, b.hasPointerRepresentation, a.utf8Start == b.utf8Start { return true }
    return a.withUTF8Buffer { a in b.withUTF8Buffer { b in a.elementsEqual(b) } }
  }

  /// Whether nothing is noted.
  @inlinable
  package var isEmpty: Bool { first == nil }

  /// Calls `body` with each note, in the order noted.
  @inlinable
  package func forEach(_ body: (Note) -> Void) {
    if let first { body(first) }
    if let second { body(second) }
  }

  /// Adds `other`'s notes to these, as `note(_:_:)` adds each.
  package mutating func add(_ other: RequestNotes) {
    other.forEach { note($0.name, $0.value) }
  }
}

/// What the server observed of one request, handed to the observers when it ends.
///
/// Its fields are constants: the record made once per request is lent to every observer where it
/// was made, where a struct of variables was copied first.
package struct CompletedRequest: Sendable {
  /// The request method.
  package let method: HTTPMethod
  /// The request path, without the query string.
  package let path: String
  /// The route that answered, or `nil` when no route has this path.
  package let route: RouteID?
  /// The status sent, or 0 when the connection ended before an answer was queued.
  package let status: Int
  /// Nanoseconds from the request's headers being parsed to the answer being sent (or the
  /// connection ending).
  package let durationNanoseconds: UInt64
  /// Request body bytes received.
  package let bytesIn: Int
  /// Response body bytes queued: 0 for `HEAD`, which sends none.
  package let bytesOut: Int
  /// The request's id, when the server assigns them (`RoutedService.requestIDs`).
  package let requestID: RequestID?
  /// The caller's W3C trace context, when its `traceparent` header was valid.
  package let trace: TraceContext?
  /// `true` when the answer was sent in full; `false` when the connection was closed, timed
  /// out or failed first.
  package let completed: Bool
  /// What the stages and the handler noted about the request.
  package let notes: RequestNotes

  /// Creates a record.
  package init(
    method: HTTPMethod, path: String, route: RouteID?, status: Int, durationNanoseconds: UInt64,
    bytesIn: Int, bytesOut: Int, requestID: RequestID?, trace: TraceContext? = nil, completed: Bool,
    notes: RequestNotes = RequestNotes()
  ) {
    self.method = method
    self.path = path
    self.route = route
    self.status = status
    self.durationNanoseconds = durationNanoseconds
    self.bytesIn = bytesIn
    self.bytesOut = bytesOut
    self.requestID = requestID
    self.trace = trace
    self.completed = completed
    self.notes = notes
  }
}
