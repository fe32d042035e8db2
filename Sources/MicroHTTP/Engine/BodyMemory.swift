import Synchronization

/// The request-body and answer bytes every connection holds at once, against one budget.
///
/// One client can otherwise make the process as large as it likes: 64 connections each sending
/// all but the last bytes of an 8 MiB batch hold half a gigabyte. A request takes its announced
/// `Content-Length` when its headers arrive (a chunked body: each piece as it is kept), and an
/// answer its bytes when it is made; both are given back when the request ends. What would take
/// the total over the budget is refused with 503 and `Retry-After` instead of being held.
///
/// Small requests are never starved by large ones: `reserve` bytes of the budget can only be
/// taken for requests and answers of at most `smallLimit` bytes in all (the server's own body
/// limit), so batches together never hold more than `limit − reserve`.
package final class BodyMemory: Sendable {
  /// The most bytes held at once.
  package let limit: Int
  /// The part of `limit` only what holds at most `smallLimit` bytes in all may use.
  package let reserve: Int
  /// The largest total that may use the reserve.
  package let smallLimit: Int
  private let held = Atomic<Int>(0)
  private let refused = Atomic<Int>(0)

  /// A budget of `limit` bytes, `reserve` of them kept for what holds at most `smallLimit`.
  package init(limit: Int, reserve: Int, smallLimit: Int) {
    self.limit = max(0, limit)
    self.reserve = min(max(0, reserve), self.limit)
    self.smallLimit = smallLimit
  }

  /// Bytes held now.
  package var heldBytes: Int { held.load(ordering: .relaxed) }

  /// Takes refused so far because the budget was spent.
  package var refusalCount: Int { refused.load(ordering: .relaxed) }

  /// Whether a request or answer holding `total` bytes in all fits the budget when nothing else
  /// holds any: one that does not is refused whatever happens, and waiting does not help.
  package func couldEverHold(_ total: Int) -> Bool {
    total <= (total <= smallLimit ? limit : limit - reserve)
  }

  /// Takes `bytes` more for a request or answer that then holds `total` bytes in all; `false`
  /// (and a refusal counted) when that would take the budget over what such a total may use.
  package func take(_ bytes: Int, holding total: Int) -> Bool {
    guard bytes > 0 else { return true }
    let ceiling = total <= smallLimit ? limit : limit - reserve
    var current = held.load(ordering: .relaxed)
    while true {
      guard current + bytes <= ceiling else {
        refused.wrappingAdd(1, ordering: .relaxed)
        return false
      }
      let (exchanged, original) = held.weakCompareExchange(
        expected: current, desired: current + bytes, ordering: .relaxed)
      if exchanged { return true }
      current = original
    }
  }

  /// Gives back `bytes` taken before.
  package func give(_ bytes: Int) {
    guard bytes > 0 else { return }
    held.wrappingSubtract(bytes, ordering: .relaxed)
  }
}
