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
