import LayoutJSON
import Testing

func parse(_ bytes: [UInt8], maxDepth: Int = JSONDocument.defaultMaxDepth) throws {
  try bytes.withUnsafeBytes { try JSONDocument.validate($0, maxDepth: maxDepth) }
}

func syntaxError(_ text: String) -> JSONSyntaxError? {
  syntaxError(Array(text.utf8))
}

func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
  do {
    try parse(bytes)
    return nil
  } catch let error as JSONSyntaxError {
    return error
  } catch {
    return nil
  }
}

@Suite struct ParserTests {
  static let accepted: [(String, [UInt8])] = [
    ("y_object_empty", Array("{}".utf8)),
    ("y_array_empty", Array("[]".utf8)),
    ("y_nested", Array(#"{"a":[{"b":[[]]},{}],"c":{"d":null}}"#.utf8)),
    ("y_whitespace_everywhere", Array(" \t\r\n{ \"a\" :\n[ 1 , 2 ]\t} \n".utf8)),
    ("y_scalar_number", Array("-0".utf8)),
    ("y_scalar_string", Array(#""x""#.utf8)),
    ("y_scalar_true", Array("true".utf8)),
    ("y_scalar_false", Array("false".utf8)),
    ("y_scalar_null", Array("null".utf8)),
    ("y_number_forms", Array("[0,-0,1,-1,0.5,-0.5,1e5,1E5,1e+5,1e-5,1.5e-5,0e0,10,123.456e-789]".utf8)),
    ("y_number_huge_exponent_digits", Array("[1e0000000000000000000001]".utf8)),
    ("y_string_escapes", Array(#"["\" \\ \/ \b \f \n \r \t \u0000 \u00e9 \uD83D\uDE00 \uFFFF"]"#.utf8)),
    ("y_string_utf8", Array("[\"é € 😀 \u{10FFFF} \u{7F}\"]".utf8)),
    ("y_string_u2028", Array("[\"\u{2028}\u{2029}\"]".utf8)),
    ("y_string_del_raw", [0x5B, 0x22, 0x7F, 0x22, 0x5D]),
    ("y_names_differ_by_case", Array(#"{"a":1,"A":2}"#.utf8)),
    ("y_deep_32", Array((String(repeating: "[", count: 32) + String(repeating: "]", count: 32)).utf8)),
  ]

  static let rejected: [(String, [UInt8])] = [
    ("n_empty", []),
    ("n_only_whitespace", Array(" \n ".utf8)),
    ("n_bom", [0xEF, 0xBB, 0xBF] + Array("{}".utf8)),
    ("n_trailing_comma_object", Array(#"{"a":1,}"#.utf8)),
    ("n_trailing_comma_array", Array("[1,]".utf8)),
    ("n_comma_only", Array("[,]".utf8)),
    ("n_double_comma", Array("[1,,2]".utf8)),
    ("n_leading_zero", Array("[01]".utf8)),
    ("n_leading_zero_negative", Array("[-01]".utf8)),
    ("n_double_zero", Array("[00]".utf8)),
    ("n_plus", Array("[+1]".utf8)),
    ("n_leading_point", Array("[.5]".utf8)),
    ("n_trailing_point", Array("[1.]".utf8)),
    ("n_point_exponent", Array("[1.e3]".utf8)),
    ("n_exponent_empty", Array("[1e]".utf8)),
    ("n_exponent_sign_only", Array("[1e+]".utf8)),
    ("n_minus_only", Array("[-]".utf8)),
    ("n_hex", Array("[0x10]".utf8)),
    ("n_nan", Array("[NaN]".utf8)),
    ("n_infinity", Array("[Infinity]".utf8)),
    ("n_minus_infinity", Array("[-Infinity]".utf8)),
    ("n_single_quotes", Array("['a']".utf8)),
    ("n_single_quoted_name", Array("{'a':1}".utf8)),
    ("n_unquoted_name", Array("{a:1}".utf8)),
    ("n_line_comment", Array("[1] // c".utf8)),
    ("n_block_comment", Array("[/* c */ 1]".utf8)),
    ("n_unpaired_high_surrogate", Array(#"["\ud800"]"#.utf8)),
    ("n_high_surrogate_then_text", Array(#"["\ud800x"]"#.utf8)),
    ("n_two_high_surrogates", Array(#"["\ud800\ud800"]"#.utf8)),
    ("n_unpaired_low_surrogate", Array(#"["\udc00"]"#.utf8)),
    ("n_control_character", [0x5B, 0x22, 0x01, 0x22, 0x5D]),
    ("n_raw_newline_in_string", Array("[\"a\nb\"]".utf8)),
    ("n_raw_tab_in_string", Array("[\"a\tb\"]".utf8)),
    ("n_invalid_escape", Array(#"["\x"]"#.utf8)),
    ("n_escaped_apostrophe", Array(#"["\'"]"#.utf8)),
    ("n_short_unicode_escape", Array(#"["\u12"]"#.utf8)),
    ("n_bad_hex", Array(#"["\u12G4"]"#.utf8)),
    ("n_trailing_garbage", Array("{} x".utf8)),
    ("n_two_values", Array("[] []".utf8)),
    ("n_trailing_nul", Array("[]".utf8) + [0]),
    ("n_overlong_slash", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D]),
    ("n_overlong_nul", [0x5B, 0x22, 0xC0, 0x80, 0x22, 0x5D]),
    ("n_overlong_3_byte", [0x5B, 0x22, 0xE0, 0x80, 0xAF, 0x22, 0x5D]),
    ("n_overlong_4_byte", [0x5B, 0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22, 0x5D]),
    ("n_utf8_surrogate", [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D]),
    ("n_utf8_above_10FFFF", [0x5B, 0x22, 0xF4, 0x90, 0x80, 0x80, 0x22, 0x5D]),
    ("n_utf8_F5", [0x5B, 0x22, 0xF5, 0x80, 0x80, 0x80, 0x22, 0x5D]),
    ("n_utf8_truncated", [0x5B, 0x22, 0xE2, 0x82, 0x22, 0x5D]),
    ("n_utf8_truncated_at_end", [0x5B, 0x22, 0xE2, 0x82]),
    ("n_utf8_lone_continuation", [0x5B, 0x22, 0x80, 0x22, 0x5D]),
    ("n_utf8_FF", [0x5B, 0x22, 0xFF, 0x22, 0x5D]),
    ("n_utf8_outside_string", [0x5B, 0xC3, 0xA9, 0x5D]),
    ("n_latin1", [0x5B, 0x22, 0xE9, 0x22, 0x5D]),
    ("n_unterminated_string", Array(#"["abc"#.utf8)),
    ("n_unterminated_array", Array("[1".utf8)),
    ("n_unterminated_object", Array(#"{"a":1"#.utf8)),
    ("n_missing_colon", Array(#"{"a" 1}"#.utf8)),
    ("n_missing_value", Array(#"{"a":}"#.utf8)),
    ("n_missing_comma", Array(#"{"a":1 "b":2}"#.utf8)),
    ("n_mismatched_brackets", Array("[}".utf8)),
    ("n_truncated_true", Array("[tru]".utf8)),
    ("n_capital_true", Array("[True]".utf8)),
    ("n_capital_null", Array("[NULL]".utf8)),
    ("n_deep_33", Array((String(repeating: "[", count: 33) + String(repeating: "]", count: 33)).utf8)),
  ]

  @Test(arguments: accepted)
  func accepts(_ name: String, _ bytes: [UInt8]) throws {
    try parse(bytes)
  }

  @Test(arguments: rejected)
  func rejects(_ name: String, _ bytes: [UInt8]) {
    #expect(syntaxError(bytes) != nil, "\(name) must be a syntax error")
  }

  @Test func errorNamesPlaceAndProblem() throws {
    let body = #"{"container": {"x": 0 "y": 0}}"#
    let error = try #require(syntaxError(body))
    #expect(error.offset == 22)
    #expect(error.line == 1)
    #expect(error.column == 23)
    #expect(error.description == "expected ',' or '}' after object member at line 1, column 23")
  }

  @Test func lineAndColumnCountLinesAndScalars() throws {
    let error = try #require(syntaxError("{\n  \"é\": [1,\n    2,]\n}"))
    #expect(error.line == 3)
    #expect(error.column == 7)
    #expect(error.message == "trailing comma before ']'")
  }

  @Test(arguments: [
    ("", 0, "empty input"),
    ("[1,]", 3, "trailing comma before ']'"),
    ("[01]", 1, "leading zeros are not allowed in numbers"),
    ("[1.]", 3, "expected a digit after the decimal point"),
    (#"["\ud800"]"#, 2, "unpaired surrogate \\uD800: a high surrogate must be followed by a low one"),
    (#"{"a":1} x"#, 8, "unexpected data after the JSON value"),
    ("[1", 2, "unexpected end of input inside an array"),
  ])
  func errorOffsets(_ text: String, _ offset: Int, _ message: String) throws {
    let error = try #require(syntaxError(text))
    #expect(error.offset == offset)
    #expect(error.message == message)
  }

  @Test func byteOrderMarkIsNamed() throws {
    let error = try #require(syntaxError([0xEF, 0xBB, 0xBF, 0x7B, 0x7D]))
    #expect(error.offset == 0)
    #expect(error.message.contains("byte order mark"))
  }

  @Test func controlCharacterAndInvalidUTF8Offsets() throws {
    #expect(try #require(syntaxError([0x5B, 0x22, 0x61, 0x1F, 0x22, 0x5D])).offset == 3)
    #expect(try #require(syntaxError([0x5B, 0x22, 0x61, 0x62, 0xC0, 0x80, 0x22, 0x5D])).offset == 4)
  }

  @Test func depthLimitIsConfigurable() throws {
    let deep = Array((String(repeating: "[", count: 40) + String(repeating: "]", count: 40)).utf8)
    #expect(throws: JSONSyntaxError.self) { try parse(deep) }
    try parse(deep, maxDepth: 40)
    #expect(throws: JSONSyntaxError.self) { try parse(deep, maxDepth: 39) }
  }

  @Test func veryDeepInputFailsWithoutRecursion() {
    let deep = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
    let error = syntaxError(deep)
    #expect(error?.message == "nesting deeper than 32 levels")
    #expect(error?.offset == 32)
  }

  @Test func largeFlatDocumentParses() throws {
    let body = "{\"v\":[" + (0..<100_000).map(String.init).joined(separator: ",") + "],\"last\":99999}"
    let last = try Array(body.utf8).withUnsafeBytes { bytes in
      try JSONDocument.withParsed(bytes) { try $0.number("last") }
    }
    #expect(last == 99_999, "the member after a large array is found")
  }

  /// The thread's tape grows for large documents, keeps its capacity for the next, and drops an
  /// oversized array: every document still reads correctly.
  @Test func theTapeIsReusedAcrossDocumentsOfEverySize() throws {
    for count in [1, 50, 3, 100_000, 0, 7] {
      let items = (0..<count).map { "{\"v\": \($0)}" }.joined(separator: ",")
      let body = "{\"items\": [" + items + "], \"count\": \(count)}"
      let read = try Array(body.utf8).withUnsafeBytes { bytes in
        try JSONDocument.withParsed(bytes) { try $0.number("count") }
      }
      #expect(read == Double(count))
    }
  }

  @Test func aParseInsideAParseGetsItsOwnTape() throws {
    let outer = Array(#"{"json": "{\"value\": 42}", "name": "n"}"#.utf8)
    let (inner, name) = try outer.withUnsafeBytes { bytes in
      try JSONDocument.withParsed(bytes) { object in
        let text = try #require(try object.stringIfPresent("json"))
        let inner = try Array(text.utf8).withUnsafeBytes { innerBytes in
          try JSONDocument.withParsed(innerBytes) { try $0.number("value") }
        }
        return (inner, try object.stringIfPresent("name"))
      }
    }
    #expect(inner == 42)
    #expect(name == "n", "the outer document is intact after the inner parse")
  }

  @Test func theTopLevelMustBeAnObjectToBeRead() {
    for (text, isNull) in [("[1]", false), ("null", true), ("\"x\"", false), ("2", false)] {
      do {
        try Array(text.utf8).withUnsafeBytes { bytes in try JSONDocument.withParsed(bytes) { _ in } }
        Issue.record("\(text) was read as an object")
      } catch DecodingError.valueNotFound(_, let context) {
        #expect(isNull && context.codingPath.isEmpty, "\(text)")
      } catch DecodingError.typeMismatch(_, let context) {
        #expect(!isNull && context.codingPath.isEmpty, "\(text)")
      } catch {
        Issue.record("\(text): \(error)")
      }
    }
  }
}
