#if !FUZZING
  import Foundation

  /// Without libFuzzer (a plain `swift build`): runs every input file given as an argument, or
  /// every file in a folder given as an argument, once, so a corpus or a crash file can be
  /// replayed under a debugger.
  @main
  enum CorpusReplay {
    static func main() throws {
      var count = 0
      for argument in CommandLine.arguments.dropFirst() {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
          FileHandle.standardError.write(Data("LayoutFuzz: no such file: \(argument)\n".utf8))
          exit(2)
        }
        let files =
          isFolder.boolValue
          ? try FileManager.default.contentsOfDirectory(atPath: argument).sorted().map { "\(argument)/\($0)" }
          : [argument]
        for file in files {
          let data = try Data(contentsOf: URL(fileURLWithPath: file))
          data.withUnsafeBytes { FuzzInput.run($0) }
          count += 1
        }
      }
      print("LayoutFuzz: ran \(count) inputs")
    }
  }
#endif
