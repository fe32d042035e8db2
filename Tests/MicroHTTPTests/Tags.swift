import Testing

extension Tag {
  /// A suite whose tests run code on more than one thread at once: a server's worker threads,
  /// requests sent side by side, a thread of the test's own. `scripts/checks/60-tsan` runs the
  /// suites that carry this tag, and only those, under ThreadSanitizer.
  @Tag static var threads: Self
}
