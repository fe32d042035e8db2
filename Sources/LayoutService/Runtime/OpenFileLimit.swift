import Glibc

/// The process's limit on open file descriptors (`RLIMIT_NOFILE`).
enum OpenFileLimit {
  /// Raises the soft limit so that `needed` descriptors can be open, up to the hard limit.
  /// Returns the soft limit in force afterwards.
  @discardableResult
  static func raise(toAtLeast needed: Int) -> Int {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 0 }
    // RLIM_INFINITY (all ones) is imported as a literal that does not fit `rlim_t`.
    let infinity = rlim_t.max
    let wanted = rlim_t(max(0, needed))
    if limit.rlim_cur < wanted, limit.rlim_cur != infinity {
      var raised = limit
      raised.rlim_cur = limit.rlim_max == infinity ? wanted : min(wanted, limit.rlim_max)
      if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur == infinity ? Int.max : Int(limit.rlim_cur)
  }
}
