import Posix

/// What a `layoutd` flag takes: how its text is read and checked, and how a value is shown again.
struct FlagValue<Value>: Sendable {
  /// What the usage text calls the value: `N`, `ADDRESS`, `off|text|json`.
  let name: String
  /// The value `text` stands for, or the error that names `source`, the flag or variable.
  let read: @Sendable (_ text: String, _ source: String) throws(UsageError) -> Value
  /// The text that stands for a value; `nil` when none does.
  let show: @Sendable (Value) -> String?
}

extension FlagValue<Int> {
  /// A whole number of `range`, called `name` (`N`, or `S` for seconds).
  static func wholeNumber(_ range: ClosedRange<Int>, called name: String = "N") -> Self {
    FlagValue(
      name: name,
      read: { text, source throws(UsageError) in
        guard let number = Int(text), range.contains(number) else {
          throw UsageError(
            "\(source): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'"
          )
        }
        return number
      }, show: { String($0) })
  }

  /// A number of seconds in `range`.
  static func seconds(_ range: ClosedRange<Int>) -> Self {
    wholeNumber(range, called: "S")
  }
}

extension FlagValue<Double> {
  /// A whole number of seconds in `range`, for a setting kept in fractional seconds.
  static func seconds(_ range: ClosedRange<Int>) -> Self {
    let whole = FlagValue<Int>.seconds(range)
    return FlagValue(
      name: whole.name,
      read: { text, source throws(UsageError) in Double(try whole.read(text, source)) },
      show: { $0 == $0.rounded() ? whole.show(Int($0)) : String($0) })
  }
}

extension FlagValue<String> {
  /// An address to bind: `localhost`, or an IPv4 or IPv6 literal (what `SocketAddress` reads).
  static let address = FlagValue(
    name: "ADDRESS",
    read: { text, source throws(UsageError) in
      guard !text.isEmpty else { throw UsageError("\(source) needs an address") }
      guard SocketAddress(host: text, port: 0) != nil else {
        throw UsageError("\(source): expected localhost or an IPv4 or IPv6 address, got '\(text)'")
      }
      return text
    }, show: { $0 })

  /// A CORS origin, or `*`: a scheme, `://` and a host with an optional port, as a browser
  /// sends `Origin` (RFC 6454 §6.2), lowercased as the browser writes it; no path, not even `/`,
  /// and one origin a flag.
  static let origin = FlagValue(
    name: "ORIGIN",
    read: { text, source throws(UsageError) in
      if text == "*" { return text }
      let parts = text.split(separator: "://", maxSplits: 1, omittingEmptySubsequences: false)
      let isOrigin =
        parts.count == 2 && !parts[0].isEmpty && !parts[1].isEmpty
        && parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        && !parts[1].contains { $0.isWhitespace || "/?#,@".contains($0) }
      guard isOrigin else {
        throw UsageError(
          "\(source): expected an origin such as https://example.com or http://localhost:3000 "
            + "(no path, one per flag) or *, got '\(text)'")
      }
      return text.lowercased()
    }, show: { $0 })
}

extension FlagValue<String> {
  /// A file's path, not empty; whether the file can be read is found when it is read.
  static let path = FlagValue(
    name: "PATH",
    read: { text, source throws(UsageError) in
      guard !text.isEmpty else { throw UsageError("\(source) needs a path") }
      return text
    }, show: { $0 })
}

extension FlagValue where Value: Equatable & Sendable {
  /// One of `choices`, each a word and the value it stands for.
  static func choice(_ choices: [(word: String, value: Value)]) -> Self {
    let words = choices.map(\.word)
    let expected = words.dropLast().joined(separator: ", ") + " or " + words.last!
    return FlagValue(
      name: words.joined(separator: "|"),
      read: { text, source throws(UsageError) in
        guard let choice = choices.first(where: { $0.word == text }) else {
          throw UsageError("\(source): expected \(expected), got '\(text)'")
        }
        return choice.value
      }, show: { value in choices.first { $0.value == value }?.word })
  }

  /// This value, once `check` has let it through; `check` answers what is wrong with the text
  /// after the source's name, or `nil`.
  func checked(_ check: @escaping @Sendable (Value, _ text: String) -> String?) -> Self {
    FlagValue(
      name: name,
      read: { text, source throws(UsageError) in
        let value = try read(text, source)
        if let problem = check(value, text) { throw UsageError("\(source): \(problem)") }
        return value
      }, show: show)
  }
}

extension FlagValue
where Value: RawRepresentable & CaseIterable & Equatable & Sendable, Value.RawValue == String {
  /// One of the cases of `Value`, by raw value, in their order.
  static var oneOfTheCases: Self {
    choice(Value.allCases.map { ($0.rawValue, $0) })
  }
}

extension FlagValue {
  /// This value's optional: the same words, and `nil` shown as no word.
  var optional: FlagValue<Value?> {
    FlagValue<Value?>(
      name: name,
      read: { text, source throws(UsageError) in
        try read(text, source)
      }, show: { $0.flatMap(show) })
  }
}
