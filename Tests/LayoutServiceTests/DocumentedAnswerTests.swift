import Foundation
import HTTPTesting
import Testing

/// Every `$ curl` transcript in README.md and docs/ is what the service answers today: each is
/// sent, as curl sends it, to a real server, and its answer compared byte for byte.
@Suite("Documented answers", .tags(.threads))
struct DocumentedAnswerTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// One `$ curl …` line and the answer printed under it.
  struct Transcript: CustomTestStringConvertible {
    let file: String
    let line: Int
    let method: String
    let path: String
    let headers: [(String, String)]
    let body: [UInt8]?
    let answer: String

    var testDescription: String { "\(file):\(line)" }
  }

  /// The transcripts of `file` (relative to the package root) that this suite can replay: `curl -s`
  /// with `-H`, `-X` and `-d` (a quoted body, or `@FILE` read from the package root), one answer
  /// line. Lines with other flags (`-i`, a key the test server does not hold) are not replayed.
  static func transcripts(in file: String) throws -> (replayed: [Transcript], skipped: [Int]) {
    let lines = try String(contentsOf: packageRoot.appendingPathComponent(file), encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var replayed: [Transcript] = []
    var skipped: [Int] = []
    for (index, line) in lines.enumerated() where line.hasPrefix("$ curl ") {
      guard var words = shellWords(String(line.dropFirst(2))), words.removeFirst() == "curl",
        index + 1 < lines.count
      else {
        skipped.append(index + 1)
        continue
      }
      var method: String?
      var headers: [(String, String)] = []
      var body: [UInt8]?
      var url: String?
      var understood = true
      while !words.isEmpty {
        let word = words.removeFirst()
        switch word {
        case "-s": continue
        case "-X" where !words.isEmpty: method = words.removeFirst()
        case "-H" where !words.isEmpty:
          let header = words.removeFirst()
          guard let colon = header.firstIndex(of: ":") else {
            understood = false
            break
          }
          headers.append(
            (
              String(header[..<colon]),
              header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            ))
        case "-d" where !words.isEmpty:
          let data = words.removeFirst()
          if data.hasPrefix("@") {
            body = Array(try Data(contentsOf: packageRoot.appendingPathComponent(String(data.dropFirst()))))
            // curl -d @FILE drops the file's line ends.
            body?.removeAll { $0 == 0x0A || $0 == 0x0D }
          } else {
            body = Array(data.utf8)
          }
        case _ where word.hasPrefix("127.0.0.1:8080/") && url == nil: url = word
        default: understood = false
        }
      }
      guard understood, let url, !headers.contains(where: { $0.0.lowercased() == "authorization" }) else {
        skipped.append(index + 1)
        continue
      }
      if body != nil, !headers.contains(where: { $0.0.lowercased() == "content-type" }) {
        headers.append(("Content-Type", "application/x-www-form-urlencoded"))
      }
      replayed.append(
        Transcript(
          file: file, line: index + 1, method: method ?? (body == nil ? "GET" : "POST"),
          path: String(url.dropFirst("127.0.0.1:8080".count)), headers: headers, body: body,
          answer: lines[index + 1]))
    }
    return (replayed, skipped)
  }

  /// `text` split as a POSIX shell splits words outside and inside single quotes; nil for what
  /// this reader does not know (double quotes, backslashes, `$`).
  static func shellWords(_ text: String) -> [String]? {
    var words: [String] = []
    var word: String?
    var quoted = false
    for character in text {
      if quoted {
        if character == "'" { quoted = false } else { word!.append(character) }
      } else if character == "'" {
        quoted = true
        word = word ?? ""
      } else if character == " " {
        if let finished = word { words.append(finished) }
        word = nil
      } else if "\"\\$`".contains(character) {
        return nil
      } else {
        word = (word ?? "") + String(character)
      }
    }
    if quoted { return nil }
    if let word { words.append(word) }
    return words
  }

  static let documents =
    ["README.md"]
    + {
      let docs = packageRoot.appendingPathComponent("docs")
      let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
      return names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

  static var all: [Transcript] {
    get throws { try documents.flatMap { try transcripts(in: $0).replayed } }
  }

  @Test func theDocumentsHoldTranscriptsThisSuiteReads() throws {
    let readme = try Self.transcripts(in: "README.md")
    // README.md shows every endpoint's answer; a reader that understood none would test nothing.
    #expect(readme.replayed.count >= 14, "replayed README lines: \(readme.replayed.map(\.line))")
    for path in ["/avoid", "/caret-follow", "/chat", "/sheet", "/avoid/batch"] {
      #expect(readme.replayed.contains { $0.path == path }, "no transcript of \(path)")
    }
    #expect(Self.shellWords(#"curl -d '{"a": 1}' x"#) == ["curl", "-d", #"{"a": 1}"#, "x"])
    #expect(Self.shellWords(#"curl -d "a""#) == nil)
  }

  @Test(arguments: try DocumentedAnswerTests.all)
  func theAnswerShownIsTheAnswerGiven(transcript: Transcript) throws {
    let server = try HTTPTestServer.layoutd()
    defer { server.stop() }
    let response = try server.client().request(
      method: transcript.method, path: transcript.path, headers: transcript.headers, body: transcript.body)
    #expect(response.bodyString == transcript.answer)
  }
}
