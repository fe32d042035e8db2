extension AnswerFormat {
  /// The most specific media range seen so far that matches one media type, and its quality.
  struct Match {
    /// 0: no range matched; 1: `*/*`; 2: `type/*`; 3: `type/subtype`.
    private(set) var specificity = 0
    private(set) var quality = 0.0

    /// Keeps `quality` when the range `type/subtype` matches `target` more specifically than
    /// any range before it (the first of equally specific ranges wins).
    mutating func consider(
      _ type: Substring, _ subtype: Substring, _ quality: Double, for target: (String, String)
    ) {
      let rank: Int
      if type == target.0 && subtype == target.1 {
        rank = 3
      } else if type == target.0 && subtype == "*" {
        rank = 2
      } else if type == "*" && subtype == "*" {
        rank = 1
      } else {
        return
      }
      guard rank > specificity else { return }
      specificity = rank
      self.quality = quality
    }
  }
}
