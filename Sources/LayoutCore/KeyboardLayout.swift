/// The contract's computations, one function per SPEC section.
///
/// `avoid(_:)` and `caretFollow(_:)` compose them into whole answers.
public enum KeyboardLayout {}
