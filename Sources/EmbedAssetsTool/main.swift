#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// EmbedAssetsTool OUTPUT OPENAPI [NAME PATH]...
//
// Writes a Swift source to OUTPUT holding the bytes of OPENAPI and of each PATH as
// `StaticString` literals: `EmbeddedFiles.openAPI`, `EmbeddedFiles.names` and
// `EmbeddedFiles.file(named:)`. Files must be UTF-8 text.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, arguments.count % 2 == 0 else {
  fail("usage: EmbedAssetsTool OUTPUT OPENAPI [NAME PATH]...")
}
let output = arguments[0]
let openAPI = readText(arguments[1])
var files: [(name: String, text: String)] = []
var index = 2
while index < arguments.count {
  files.append((arguments[index], readText(arguments[index + 1])))
  index += 2
}

var source = """
  // Generated at build time from openapi.yaml and Assets/. Do not edit.

  enum EmbeddedFiles {
    static let openAPI: StaticString = \(literal(openAPI))

    static let names: [String] = [\(files.map { quoted($0.name) }.joined(separator: ", "))]

    static func file(named name: String) -> StaticString? {
      switch name {

  """
for file in files {
  source += "    case \(quoted(file.name)):\n      return \(literal(file.text))\n"
}
source += """
      default:
        return nil
      }
    }
  }

  """
save(source, to: output)

/// Stops with `message` on standard error.
func fail(_ message: String) -> Never {
  let line = Array("EmbedAssetsTool: \(message)\n".utf8)
  _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  exit(1)
}

/// The contents of the file at `path`, which must be UTF-8.
func readText(_ path: String) -> String {
  guard let file = fopen(path, "rb") else { fail("cannot open \(path)") }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 65_536)
  while true {
    let count = fread(&chunk, 1, chunk.count, file)
    if count == 0 { break }
    bytes.append(contentsOf: chunk[..<count])
  }
  if ferror(file) != 0 { fail("cannot read \(path)") }
  guard let text = String(validating: bytes, as: UTF8.self) else {
    fail("\(path) is not UTF-8 text")
  }
  return text
}

/// Writes `text` to the file at `path`, replacing it.
func save(_ text: String, to path: String) {
  guard let file = fopen(path, "wb") else { fail("cannot create \(path)") }
  var bytes = Array(text.utf8)
  if fwrite(&bytes, 1, bytes.count, file) != bytes.count || fclose(file) != 0 {
    fail("cannot write \(path)")
  }
}

/// A Swift string literal whose value is exactly `text`.
///
/// Text without carriage returns or other control characters (tab aside) becomes a raw
/// multi-line literal with one `#` more than the longest run of `#` in it, so nothing inside
/// can end the literal or start an escape. Anything else becomes an escaped literal.
func literal(_ text: String) -> String {
  let isPlain = text.unicodeScalars.allSatisfy { scalar in
    scalar == "\n" || scalar == "\t" || (scalar.value >= 0x20 && scalar.value != 0x7F)
  }
  guard isPlain else { return quoted(text) }
  var longestRun = 0
  var run = 0
  for scalar in text.unicodeScalars {
    run = scalar == "#" ? run + 1 : 0
    longestRun = max(longestRun, run)
  }
  let hashes = String(repeating: "#", count: longestRun + 1)
  return "\(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)"
}

/// A one-line Swift string literal whose value is exactly `text`.
func quoted(_ text: String) -> String {
  var literal = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": literal += "\\\\"
    case "\"": literal += "\\\""
    case "\n": literal += "\\n"
    case "\t": literal += "\\t"
    case "\r": literal += "\\r"
    default:
      if scalar.value < 0x20 || scalar.value == 0x7F {
        literal += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        literal.unicodeScalars.append(scalar)
      }
    }
  }
  return literal + "\""
}
