#if FUZZING
  import Glibc

  /// libFuzzer's driver, from `libclang_rt.fuzzer_no_main` (linked only into this executable by
  /// `scripts/checks/50-fuzz`, so the package's other executables keep their own `main`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  /// Built for fuzzing: hands the command line to libFuzzer.
  @main
  enum FuzzDriver {
    static func main() {
      var argc = CommandLine.argc
      var argv = CommandLine.unsafeArgv
      exit(runFuzzerDriver(&argc, &argv, layoutFuzzTestOneInput))
    }
  }
#endif

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
