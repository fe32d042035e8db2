extension LayoutdOptions {
  /// The access log format in force: `--log-format` when given, else `text` when standard error
  /// is a terminal and `json` when it is not; `nil` for `off`.
  func accessLogFormat(standardErrorIsTerminal: Bool) -> AccessLog.Format? {
    switch logFormat {
    case .off?: nil
    case .text?: .text
    case .json?: .json
    case nil: standardErrorIsTerminal ? .text : .json
    }
  }
}
