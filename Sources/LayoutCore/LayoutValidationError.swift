/// A request that is valid JSON but breaks the contract (SPEC §2, §3, §7): answered with 422.
public struct LayoutValidationError: Error, Hashable, Sendable {
  /// Which rule the request broke.
  public var kind: Kind
  /// The JSON Pointer (RFC 6901) of the offending member; `""` is the whole body.
  public var pointer: String
  /// A sentence a person understands, e.g. "`keyboard.height` must be ≥ 0, got -1."
  public var detail: String

  public init(kind: Kind, pointer: String, detail: String) {
    self.kind = kind
    self.pointer = pointer
    self.detail = detail
  }
}

extension LayoutValidationError: CustomStringConvertible {
  public var description: String { "\(kind.rawValue) at \"\(pointer)\": \(detail)" }
}
