import Posix
import Testing

/// `PerThread` (one instance per thread, made on first use, released when the thread exits) and
/// `ThreadIndex`, which the workers' scratch memory, log shards and request ids rest on.
@Suite(.tags(.threads)) struct PerThreadTests {
  final class Counter {
    let serial: Int
    var uses = 0
    init(serial: Int) { self.serial = serial }
  }

  @Test func aThreadGetsOneInstanceWhetherBorrowedOrReturned() {
    let perThread = PerThread { Counter(serial: Int.random(in: 1...Int.max)) }
    let first = perThread.withCurrent { counter in
      counter.uses += 1
      return counter.serial
    }
    let returned = perThread.current
    #expect(returned.serial == first)
    #expect(returned.uses == 1)
    perThread.withCurrent { $0.uses += 1 }
    #expect(returned.uses == 2)
  }

  @Test func eachThreadHasItsOwnInstanceReleasedWhenTheThreadExits() {
    let perThread = PerThread { Counter(serial: Int.random(in: 1...Int.max)) }
    let mine = perThread.withCurrent { $0.serial }
    final class Seen: @unchecked Sendable {
      // Written by the other thread before `join()` returns, read after: join orders them.
      var serial = 0
      weak var instance: Counter?
    }
    let seen = Seen()
    let thread = PosixThread {
      perThread.withCurrent { counter in
        seen.serial = counter.serial
        seen.instance = counter
      }
    }
    thread.join()
    #expect(seen.serial != 0 && seen.serial != mine)
    #expect(seen.instance == nil, "the exited thread's instance was not released")
    #expect(perThread.withCurrent { $0.serial } == mine)
  }

  @Test func uniqueNumbersDifferAcrossThreadsAndCalls() {
    // A lock ThreadSanitizer sees: `Synchronization.Mutex`'s futex is not one.
    let numbers = Locked<[Int: [UInt64]]>([:])
    func drawThousand(_ index: Int) -> PosixThread {
      PosixThread {
        let drawn = (0..<1000).map { _ in ThreadIndex.nextUnique() }
        numbers.withLock { $0[index] = drawn }
      }
    }
    let first = drawThousand(0)
    let second = drawThousand(1)
    let third = drawThousand(2)
    first.join()
    second.join()
    third.join()
    let perThread = numbers.withLock { $0 }
    let all = perThread.values.flatMap { $0 }
    #expect(all.count == 3000)
    #expect(Set(all).count == 3000)
    // The thread's index is in the top bits: one per thread, a different one on each thread.
    #expect(perThread.values.allSatisfy { Set($0.map { $0 >> 40 }).count == 1 })
    #expect(Set(perThread.values.map { $0[0] >> 40 }).count == 3)
  }
}
