import Posix

/// One access key of an access-key file: its name, which logs show, and the key a client sends as
/// `Authorization: Bearer KEY`, which nothing shows.
package struct AccessKey: Sendable, Equatable, CustomStringConvertible {
  /// `[a-z0-9-]`, 1 to 64 characters: what the access log names the key by.
  package let name: String
  /// The key's bytes: at least 32 characters of RFC 6750's `b64token` alphabet.
  package let key: [UInt8]

  /// Whether `description` would show the key: it never does.
  package var description: String { "access key \(name)" }
}

/// An access-key file (`--api-keys`): one key a line, `NAME KEY`, separated by spaces or tabs;
/// blank lines and lines starting with `#` are skipped.
///
/// `NAME` is 1 to 64 of `[a-z0-9-]`, `KEY` at least 32 characters of RFC 6750's `b64token`
/// (`A–Z a–z 0–9 - . _ ~ + /`, then any `=`); both unique in the file, which holds at least one.
package enum AccessKeyFile {
  /// The largest file read: a megabyte, some ten thousand keys.
  package static let maxBytes = 1 << 20
  /// The least length of a key, in characters.
  package static let minimumKeyLength = 32
  /// The longest name.
  package static let maximumNameLength = 64

  /// The keys of the file at `path`; throws naming the file, and the line when one is at fault.
  package static func read(_ path: String) throws(AccessKeyFileError) -> [AccessKey] {
    let descriptor: FileDescriptor
    do {
      descriptor = try FileDescriptor.open(readingFrom: path)
    } catch {
      throw AccessKeyFileError(path: path, line: nil, reason: "cannot be read: \(error.message)")
    }
    defer { descriptor.close() }
    var bytes = [UInt8](repeating: 0, count: maxBytes + 1)
    var count = 0
    while count <= maxBytes {
      let read: Int
      do {
        read = try bytes.withUnsafeMutableBytes { buffer throws(Errno) in
          try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[count...]))
        }
      } catch let error as Errno {
        throw AccessKeyFileError(path: path, line: nil, reason: "cannot be read: \(error.message)")
      } catch {
        throw AccessKeyFileError(path: path, line: nil, reason: "cannot be read")
      }
      if read == 0 { break }
      count += read
    }
    guard count <= maxBytes else {
      throw AccessKeyFileError(path: path, line: nil, reason: "is larger than \(maxBytes) bytes")
    }
    return try parse(bytes[..<count], path: path)
  }

  /// The keys `text` lists, the content of the file at `path` (named in errors).
  package static func parse(
    _ text: some Collection<UInt8>, path: String
  ) throws(AccessKeyFileError) -> [AccessKey] {
    var keys: [AccessKey] = []
    var lineNumber = 0
    for line in text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      lineNumber += 1
      let fields = line.split(whereSeparator: isBlank)
      guard let first = fields.first, first.first != UInt8(ascii: "#") else { continue }
      func fault(_ reason: String) -> AccessKeyFileError {
        AccessKeyFileError(path: path, line: lineNumber, reason: reason)
      }
      guard fields.count == 2 else {
        throw fault("expected `NAME KEY` (a name, spaces or tabs, a key), got \(fields.count) fields")
      }
      let name = String(decoding: fields[0], as: UTF8.self)
      let key = Array(fields[1])
      guard (1...maximumNameLength).contains(fields[0].count), fields[0].allSatisfy(isNameCharacter) else {
        throw fault("the name must be 1 to \(maximumNameLength) of a-z, 0-9 and -")
      }
      guard key.count >= minimumKeyLength else {
        throw fault("the key of \(name) is shorter than \(minimumKeyLength) characters")
      }
      guard isToken(key) else {
        throw fault("the key of \(name) holds a character outside A-Z a-z 0-9 - . _ ~ + / (and = at its end)")
      }
      if let other = keys.first(where: { $0.name == name }) {
        throw fault("the name \(other.name) is listed twice")
      }
      if let other = keys.first(where: { $0.key == key }) {
        throw fault("the key of \(name) is also the key of \(other.name)")
      }
      keys.append(AccessKey(name: name, key: key))
    }
    guard !keys.isEmpty else { throw AccessKeyFileError(path: path, line: nil, reason: "lists no key") }
    return keys
  }

  /// A space, a tab or a carriage return (a file written with CRLF line ends).
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D
  }

  private static func isNameCharacter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
      || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
      || byte == UInt8(ascii: "-")
  }

  /// Whether `bytes` are a `b64token` (RFC 6750 §2.1): `1*( ALPHA / DIGIT / "-" / "." / "_" / "~" /
  /// "+" / "/" ) *"="`.
  package static func isToken(_ bytes: some Collection<UInt8>) -> Bool {
    var padding = false
    var characters = 0
    for byte in bytes {
      if byte == UInt8(ascii: "=") {
        padding = true
        continue
      }
      guard !padding, isTokenCharacter(byte) else { return false }
      characters += 1
    }
    return characters > 0
  }

  private static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "+"),
      UInt8(ascii: "/"):
      true
    default: false
    }
  }
}

/// Why an access-key file was refused: the file, the line at fault when one is, and what is wrong
/// with it (never a key).
package struct AccessKeyFileError: Error, CustomStringConvertible, Equatable {
  /// The file's path, as given.
  package let path: String
  /// The line at fault, from 1; nil when the file as a whole is.
  package let line: Int?
  /// What is wrong.
  package let reason: String

  /// `PATH:LINE: reason`, or `PATH: reason`.
  package var description: String {
    if let line { return "\(path):\(line): \(reason)" }
    return "\(path): \(reason)"
  }
}
