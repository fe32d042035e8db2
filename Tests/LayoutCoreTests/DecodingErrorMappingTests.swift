import LayoutCore
import Testing

@Suite("DecodingError → LayoutValidationError, from any decoder")
struct DecodingErrorMappingTests {
  let path: [any CodingKey] = [JSONPointerTests.Key("keyboard")]

  @Test("keyNotFound points at the missing key")
  func keyNotFound() {
    let error = LayoutValidationError(
      .keyNotFound(JSONPointerTests.Key("height"), .init(codingPath: path, debugDescription: "decoder text")))
    #expect(error.kind == .missingMember)
    #expect(error.pointer == "/keyboard/height")
    #expect(error.detail == "`keyboard.height` is required.")
  }

  @Test("typeMismatch and valueNotFound are wrong types at the path")
  func wrongType() {
    let mismatch = LayoutValidationError(
      .typeMismatch(Double.self, .init(codingPath: path + [JSONPointerTests.Key("y")], debugDescription: "x"))
    )
    #expect(mismatch.kind == .wrongType)
    #expect(mismatch.pointer == "/keyboard/y")
    #expect(mismatch.detail == "`keyboard.y` must be a number.")
    let null = LayoutValidationError(
      .valueNotFound(String.self, .init(codingPath: path, debugDescription: "x")))
    #expect(null.kind == .wrongType)
    #expect(null.pointer == "/keyboard")
    #expect(null.detail == "`keyboard` must be a string, not null.")
  }

  @Test("a body that is not an object is named as the body, not as a member")
  func bodyNotAnObject() {
    let error = LayoutValidationError(
      .typeMismatch([String: Double].self, .init(codingPath: [], debugDescription: "x")))
    #expect(error.kind == .wrongType)
    #expect(error.pointer == "")
    #expect(error.detail == "The body must be an object.")
  }

  @Test("dataCorrupted is an invalid value at the path")
  func corrupted() {
    let error = LayoutValidationError(.dataCorrupted(.init(codingPath: path, debugDescription: "x")))
    #expect(error.kind == .invalidValue)
    #expect(error.pointer == "/keyboard")
  }

  @Test("the pointer never comes from the decoder's text")
  func pointerFromPathOnly() {
    let error = LayoutValidationError(
      .keyNotFound(JSONPointerTests.Key("x"), .init(codingPath: [], debugDescription: "at /somewhere/else")))
    #expect(error.pointer == "/x")
  }

  @Test("duplicate members point at the second one")
  func duplicate() {
    let error = LayoutValidationError.duplicateMember(at: [
      JSONPointerTests.Key("field"), JSONPointerTests.Key("y"),
    ])
    #expect(error.kind == .duplicateMember)
    #expect(error.pointer == "/field/y")
    #expect(error.detail == "`field.y` appears more than once.")
  }
}
