// Built with -DFUZZING and -sanitize=fuzzer (scripts/fuzz), this is a libFuzzer fuzzer. SwiftPM
// links an executable target's entry point as `<module>_main` (`main` is an alias it defines at
// link time), so libFuzzer's own main is never used: `ProtocolFuzzer_main` hands control to
// libFuzzer's driver instead. Built normally, it is a replayer: it runs each file named on the
// command line through the same code once, so the corpus doubles as a regression test.
#if FUZZING
import CFuzzerDriver

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    ProtocolFuzzInput.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_cdecl("ProtocolFuzzer_main")
public func fuzzerMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments, fuzzerTestOneInput)
}
#else
import Glibc

@main
struct ProtocolFuzzReplay {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("cannot open \(path)")
                exit(2)
            }
            var bytes: [UInt8] = []
            while case let byte = fgetc(file), byte != EOF { bytes.append(UInt8(byte)) }
            fclose(file)
            bytes.withUnsafeBytes { ProtocolFuzzInput.run($0) }
            count += 1
        }
        print("replayed \(count) inputs")
    }
}
#endif
