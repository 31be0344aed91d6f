// libFuzzer entry point for the zlib codec, LoupeDeflate (built by scripts/fuzz, not by SwiftPM).
//
// Why: an address in a URL is a zlib stream anyone can write, and the inflater reads it before
// anything else checks it. Each input is used twice:
// - as a stream: inflating it must never crash, hang or give more than the cap;
// - as data: every block coding and a short and a long match search must give a stream the
//   inflater reads back to exactly the input.
// Any failure aborts so libFuzzer saves the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZlib(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let cap = 64 * 1024
    if let inflated = try? Inflater.inflate(bytes, maxOutputBytes: cap), inflated.count > cap {
        fatalError("inflated \(inflated.count) bytes past the cap of \(cap)")
    }
    let codings: [Deflater.Coding] = [.smallest, .fixed, .dynamic, .stored]
    for coding in codings {
        for chain in [4, 128] {
            let stream = Deflater(coding: coding, maxChainLength: chain).deflate(bytes)
            do {
                let back = try Inflater.inflate(stream, maxOutputBytes: bytes.count)
                if back != bytes { fatalError("\(coding), chain \(chain): the round trip changed the bytes") }
            } catch {
                fatalError("\(coding), chain \(chain): its own stream did not inflate: \(error)")
            }
        }
    }
    return 0
}
