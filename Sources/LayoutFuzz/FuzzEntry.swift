/// libFuzzer's entry point: runs one input.
@_cdecl("LLVMFuzzerTestOneInput")
public func layoutFuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  FuzzInput.run(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
  return 0
}
