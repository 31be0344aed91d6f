import Foundation
@testable import LoupeDeflate
import LoupeTestSupport
import Testing

/// Plan keys must be readable by any zlib and ours must read theirs: streams made by Python's
/// zlib (1.2.13) decode here, and our streams decode in Python when it is installed.
@Suite("zlib interop")
struct ZlibInteropTests {
    /// Python's zlib streams of two examples minified (`ExampleFiles.minified`), made with
    /// `zlib.compress(body, level)` at levels 0 (a stored block), 1, 6 and 9 (dynamic-code
    /// blocks) and with `zlib.compressobj(9, zlib.DEFLATED, 15, 8, zlib.Z_FIXED)` (a fixed-code
    /// block); base64 (RFC 4648 §4).
    static let vectors: [(example: String, made: String, base64: String)] = [
        (
            "push.json", "level 0",
            "eAEBbAGT/nsidHJhbnNpdGlvbiI6InB1c2giLCJwbGF0Zm9ybSI6eyJvcyI6ImlPUyIsInZlcnNpb24iOiIxOC4wIiwiZnJhbWV3b3JrIjoiVUlLaXQifSwiY29udGFpbmVyIjp7IndpZHRoIjozOTMsImhlaWdodCI6ODUyLCJjb3JuZXJSYWRpdXMiOjU1fSwic291cmNlIjp7ImZyYW1lIjp7IngiOjE2LCJ5IjoxMjAsIndpZHRoIjoxMTAsImhlaWdodCI6MTEwfSwiY29ybmVyUmFkaXVzIjo4fSwiZGVzdGluYXRpb24iOnsiZnJhbWUiOnsieCI6MCwieSI6MCwid2lkdGgiOjM5MywiaGVpZ2h0Ijo4NTJ9LCJhbGlnbm1lbnRSZWN0Ijp7IngiOjAsInkiOjAsIndpZHRoIjozOTMsImhlaWdodCI6MzkzfX0sImFuaW1hdGlvbiI6eyJmcmFtZVJhdGUiOjYwfX1U9nKm"
        ),
        (
            "push.json", "level 1",
            "eAF9j80KwjAQhN9lz0FapVLzBuJBqPgAoY120SaSbP1B+u5OKuLPwVM2w8w3u3eSYFxkYe9I06mPLSk6HY3sfOhI38lH6LzeQD7bEJ++vJxkEHbBdPbiwwGW7XLFQoOi2jsx7GxI6Qs30pKeLWaKWsv7VkiXxTS5AiyVabhHQVEgGH0faptSIzcNV9L5XNENzzRTL1qeY37R8BlLP3EllMZGYWeeh30jkQbxzfvdDmlz5L3rrJPK1lh53ORvDIwh5Rx3352VEdw0z4bhAVT2cqY="
        ),
        (
            "push.json", "level 6",
            "eJyNj0EKwjAQRe8y6yBpS0vNDcSFUPEAoY12sE0kmVpFcncniohduUrmM+/95AHktQ1I6CwouEyhBwGXQdPR+RHUA1zgHHd7jq/Gh/deVq8kB0evRzM7f+bosNkiQRTQOksarfGJnrGjHlSxLgT0Bk89garLPG15Xml0hxMXlCWDwU2+NYl6edPlBiqrBNz5yKX42LJMfm08xKWu5qQzgdDq98d+lfJl/PqWr2NaD3iyo7HUmJb+wXiIibM4/nY2mri3kjE+AVT2cqY="
        ),
        (
            "push.json", "level 9",
            "eNqNj0EKwjAQRe8y6yBpS0vNDcSFUPEAoY12sE0kmVpFcncniohduUrmM+/95AHktQ1I6CwouEyhBwGXQdPR+RHUA1zgHHd7jq/Gh/deVq8kB0evRzM7f+bosNkiQRTQOksarfGJnrGjHlSxLgT0Bk89garLPG15Xml0hxMXlCWDwU2+NYl6edPlBiqrBNz5yKX42LJMfm08xKWu5qQzgdDq98d+lfJl/PqWr2NaD3iyo7HUmJb+wXiIibM4/nY2mri3kjE+AVT2cqY="
        ),
        (
            "push.json", "Z_FIXED",
            "eAGrViopSswrzizJzM9TslIqKC3OUNJRKshJLEnLL8pVsqpWyi8Gimf6BwOFy1KLiiHqDC30DIACaUWJuanl+UXZQKFQT+/MEqVaHaXk/LySxMy81CKQ7vLMlJIMJStjS2MdpYzUzPSMEiUrC1MjkKoioJKgxJTMUqAFpqZAjcX5pUXJqSBdYHNBjAolK0MzHaVKIGVkoAMzzdDQAGEakFOLbpwFUCQltbgkMy8R4jFUIw3AJiLMQ3cdUHdiTmZ6Xm5qXklQanIJMdqAnFqQvrzMXFQ7gxJLgPaaGdTWAgBU9nKm"
        ),
        (
            "timeline-pinch-dismiss.json", "level 0",
            "eAEBxQM6/HsiY29udGFpbmVyIjp7IndpZHRoIjozOTMsImhlaWdodCI6ODUyLCJjb3JuZXJSYWRpdXMiOjU1fSwic291cmNlIjp7ImZyYW1lIjp7IngiOjE2LCJ5IjoxMjAsIndpZHRoIjoxMTAsImhlaWdodCI6MTEwfSwiY29ybmVyUmFkaXVzIjo4fSwiZGVzdGluYXRpb24iOnsiYWxpZ25tZW50UmVjdCI6eyJ4IjowLCJ5IjowLCJ3aWR0aCI6MzkzLCJoZWlnaHQiOjM5M30sInByZXNlbnRhdGlvblN0eWxlIjoiZnVsbFNjcmVlbiIsImNsb3NlQnV0dG9uIjp0cnVlfSwiaW5pdGlhbCI6InByZXNlbnRlZCIsImV2ZW50cyI6W3sidGltZSI6MCwidHlwZSI6InRvdWNoZXNCZWdhbiIsImdlc3R1cmUiOiJwaW5jaCIsInRvdWNoZXMiOlt7IngiOjg2LCJ5Ijo0MjZ9LHsieCI6MzA2LCJ5Ijo0MjZ9XX0seyJ0aW1lIjowLjA0LCJ0eXBlIjoidG91Y2hlc01vdmVkIiwidG91Y2hlcyI6W3sieCI6ODYuMywieSI6Mzg2Ljl9LHsieCI6MjgwLjMsInkiOjQwNi40fV19LHsidGltZSI6MC4wOCwidHlwZSI6InRvdWNoZXNNb3ZlZCIsInRvdWNoZXMiOlt7IngiOjg3LjQsInkiOjM1MC40fSx7IngiOjI1NCwieSI6Mzg0LjJ9XX0seyJ0aW1lIjowLjEyLCJ0eXBlIjoidG91Y2hlc01vdmVkIiwidG91Y2hlcyI6W3sieCI6ODguNywieSI6MzE2LjZ9LHsieCI6MjI3LjMsInkiOjM1OS40fV19LHsidGltZSI6MC4xNiwidHlwZSI6InRvdWNoZXNNb3ZlZCIsInRvdWNoZXMiOlt7IngiOjkwLjEsInkiOjI4NS4zfSx7IngiOjIwMC42LCJ5IjozMzJ9XX0seyJ0aW1lIjowLjIsInR5cGUiOiJ0b3VjaGVzTW92ZWQiLCJ0b3VjaGVzIjpbeyJ4Ijo5MSwieSI6MjU2LjZ9LHsieCI6MTc0LjQsInkiOjMwMi4xfV19LHsidGltZSI6MC4yNCwidHlwZSI6InRvdWNoZXNNb3ZlZCIsInRvdWNoZXMiOlt7IngiOjkxLjEsInkiOjIzMC4yfSx7IngiOjE0OC45LCJ5IjoyNjkuOH1dfSx7InRpbWUiOjAuMjQsInR5cGUiOiJ0b3VjaGVzRW5kZWQifV19UGglcw=="
        ),
        (
            "timeline-pinch-dismiss.json", "level 1",
            "eAGNkstugzAQRf/Fa2TZ5mVYRuqym2RZdYHAAUvERMakjVD+vdc8FJGqKivsYebMnesZSdkZV2ijLMlH8qUr15A8zMKANErXjSO5jEWALIuUY1HpoSd5HD8C0neDLZWvOtviMh2+Sc6TgNzxESxYaZzjvNJwQe0WJxGpVO+0KZzujEcWra7NRRl3VCU0jARoUEB+cjcqcQHlalWPoglzcvcWqsh5aNtTaZUyBI3brleHwTnfxtlBoUgb7XTRInUpVxUy1Q0gzPoxEqf9eGjs7ldPdN1QNqo/qLrwzBrSB+t/XLUpG0SWhKkYwuXsSSSSRzBNErJn5NPHlg6URa9N3rvbJOcXkuKJYEcoE5otWCHZEo1YQqPHFi33olMKFR4dM0BmxSJeYjKiYgvmWI+tMX9pljSdwTyhqxVCpOskcfaq2S/TLnTGKJ/QQsYUizC5LBijs89h+KJ5r+RsocZPwTyNVn+YoHzrhdj7fhlfBYcMhs6CeSRpNo+RZFT+h34zFVYDWT9QaCVz"
        ),
        (
            "timeline-pinch-dismiss.json", "level 6",
            "eJyNkj9vgzAQxb+LZ2T5H2AzVurYJRmrDgicYImYyJi0UZTv3rMxQqFDmTg/3v3u+eCBmsH62ljtUPVA36b1Haq44hnqtDl3HlUyZxm4HFgOdWumEVV5/szQOEyu0aHr5OpLLH5QRYsM3eHBSLbQKCUrDQ7PLU6C0urRG1t7M9hAqntzthdt/UE3PqFJJK/cl5RwAMrV6RGaIubo7z2kQqep74+N09oiGNwPo36bvA9jvJs0NBlrvKl7sKZ23YJT36CCcJ8P5E24Hgz292sg+mFqOj2+6XMdmGeIPrnw4mps04GSDLEZgst5J4IVzywKnKzKV9DSBEzEdsjHcItx/iAxjwgOlUpYJklSBSmw2KDlXnSJxYzOCUASOk+aFJi9ginbC5a4nCG0wMsqGCuXm+Rqmzn8TLvQCrwRwmSO+YImBM975nyTeW9klaj5GpiWYtkPYZhuuHu/n6JLYA5dC1pIrGa1UFj+h363LaDB9QtQaCVz"
        ),
        (
            "timeline-pinch-dismiss.json", "level 9",
            "eNqN0j1vgzAQBuD/4hlZxh9gGCNl7JKMVQcEDlgiJjImbRTlv/dsjFDoUKaY4+65FytPVA/GVdooi8on+taN61DJCpagTum2c6iUgibQZaHlVDV6GlEpxCtB4zDZWvmpi62u4fCDyjRL0AN+KEkWLU3JqsHDa8tJqDRqdNpUTg/GS1WvW3NVxp1U7SJNgry6bynhAZSbVSMMBebsHj2kQpep78+1VcogWNwPozpMzvk1zk4KhrTRTlc9tMZx1UCnusMJwn0+kdP+82Cxe9y86Iap7tR4UG3lzRaiT9a/uGlTd1CJDWEYgsv5TjjNXkkoMLJWvnwtbsCEb5d8DPcQ5w+JWSAYnIrIUklilZMM8w0t99I55jMtCCCRFrEmOabvcEr3whLnM5JmeLkKSvPlS0Sxzez/TLvoAnoDQqXAbKEJwfM9M7bJvDdyEVWxBk5zvtwPoTjduHw3vARmMLXQXOJirmYFlv/RR9MADV2/UGglcw=="
        ),
        (
            "timeline-pinch-dismiss.json", "Z_FIXED",
            "eAGrVkrOzytJzMxLLVKyqlYqz0wpyVCyMrY01lHKSM1MzyhRsrIwNdIBqioCKglKTMksLVayMjWt1VEqzi8tSk4F6UorSswFMyqUrAzNdJQqgZSRgQ7MNENDA4RpQE4tunEWQJGU1OKSzLzEksz8PJBJiTmZ6Xm5qXklQanJJVCjDcAmI8xFcSWQAzSloCi1GKgJbExwSWUO0FVKaaU5OcHJRampeUpAi3Pyi1OdSktKQNaUFJWmAjVl5mWWZCbmAJVCtaemAFWmlgFZQMdFVyuVZIK8B7S4pLIAZGJJfmlyRmqxU2p6IsjMdKDTS4tAEgWZeckZQBGoArBmoMMtIGFiYmRWqwMWMDZAiMSCxKA26BmYoFvim18Gdg6GkXrGYCOMgSxLqLFGFgZQURMDMz0TNKMtiDXaXM8EYrSpAdAQqNGmUDELEz0jVIMNjYg12ELPHGKIoZkeLCiMjMxhPjG1RHczKDERZbQlUC3YECMLUz1jmNEGBnqQcDY2RnMzsU62hJpqinCwobkJLHwMjPQM0cw1IdpgmIONgbpgRptY6FlCRM0s9SwIGe2alwI0GqgKAFBoJXM="
        )
    ]

    @Test("Python's zlib streams (stored, fixed and dynamic blocks) inflate to the minified examples")
    func pythonStreams_inflate() throws {
        for vector in Self.vectors {
            let stream = Array(try #require(Data(base64Encoded: vector.base64)))
            let body = Array(ExampleFiles.minified(try ExampleFiles.bytes(vector.example)).utf8)
            #expect(try Inflater.inflate(stream, maxOutputBytes: 1 << 20) == body, "\(vector.example), \(vector.made)")
        }
    }

    /// Our stream of push.json minified, base64url: Python's `zlib.decompress` reads it back
    /// (checked when it was pinned, and by the test below wherever python3 is installed). The
    /// deflater is deterministic, so these bytes change only when the encoder does: then every
    /// key the service hands out for a body changes too (the old ones still decode), which
    /// should be a decision, not an accident.
    static let pushKey =
        "eNqNj00KwjAQhe8y6yCpUqm5gbgQKh4gtNEO2kSSqT-U3N1Ji5R25SqZx3zfS3ogr21AQmdBwaMLDQh43DVdnG9B9eAC53g8cfw0Pox7WbGSHFy8bs3L-RtH5_0BCaKAylnSaI1P9AtrakBtdhsBjcFrQ6CKfJ22PK-UusaOC_KcweA6X5lEDd50eYPKtgI-fKyl-NmyTE42HuJSV3BSm0Bo9fixuVIOxsm3fB3T-o5X2xpLpanoH4yHmDiL7byz1MS9WxnjF1T2cqY"

    /// RFC 4648 §5's alphabet without padding, as an address key spells a stream (Foundation's
    /// base64 here, so the codec's tests do not lean on the service's encoder).
    static func base64URL(_ bytes: [UInt8]) -> String {
        String(Data(bytes).base64EncodedString().map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
    }

    static func bytes(ofBase64URL text: String) -> [UInt8]? {
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { Array($0) }
    }

    @Test("the stream of one example is pinned: the same body gives the same key on every run and platform")
    func pushStream_isPinned() throws {
        let body = Array(ExampleFiles.minified(try ExampleFiles.bytes("push.json")).utf8)
        #expect(Self.base64URL(Deflater().deflate(body)) == Self.pushKey)
        #expect(try Inflater.inflate(try #require(Self.bytes(ofBase64URL: Self.pushKey)), maxOutputBytes: body.count) == body)
    }

    @Test(
        "the minified examples deflate to no more than Python's zlib at level 9, give or take a byte",
        .enabled(if: Python.path != nil, "python3 is not on PATH"))
    func examples_deflateAsSmallAsZlibLevel9() throws {
        let bodies = try ExampleFiles.names().map { Array(ExampleFiles.minified(try ExampleFiles.bytes($0)).utf8) }
        let theirs = try Python.run("zlib.compress(body, 9)", on: bodies).map(\.count)
        let ours = bodies.map { Deflater().deflate($0).count }
        for (name, (our, their)) in zip(try ExampleFiles.names(), zip(ours, theirs)) {
            #expect(our <= their + 1, "\(name): \(our) bytes, zlib \(their)")
        }
        #expect(ours.reduce(0, +) <= theirs.reduce(0, +), "\(ours.reduce(0, +)) bytes, zlib \(theirs.reduce(0, +))")
    }

    @Test(
        "Python's zlib inflates our streams of every block type to the input",
        .enabled(if: Python.path != nil, "python3 is not on PATH"))
    func ourStreams_inflateInPython() throws {
        var generator = SeededGenerator(seed: 0x10AE_0917)
        var inputs: [[UInt8]] = [[], [0x41], [UInt8](repeating: 0, count: 100_000)]
        inputs.append(Array(ExampleFiles.minified(try ExampleFiles.bytes("timeline-pinch-dismiss.json")).utf8))
        inputs.append(ZlibCodecTests.jsonLikeText(&generator))
        inputs.append(ZlibCodecTests.randomBytes(&generator))
        inputs.append(ZlibCodecTests.fibonacciBytes(&generator))
        var long: [UInt8] = []
        while long.count < 200_000 { long += ZlibCodecTests.jsonLikeText(&generator) }
        inputs.append(long)
        let streams = inputs.flatMap { input in ZlibCodecTests.codings.map { Deflater(coding: $0).deflate(input) } }
        let outputs = try Python.run("zlib.decompress(body)", on: streams)
        #expect(outputs.count == streams.count)
        for (index, output) in outputs.enumerated() {
            let input = inputs[index / ZlibCodecTests.codings.count], coding = ZlibCodecTests.codings[index % ZlibCodecTests.codings.count]
            #expect(output == input, "\(input.count) bytes, \(coding)")
        }
    }
}

/// python3, found on PATH, run as a process.
enum Python {
    static let path: String? = (ProcessEnvironment.value("PATH") ?? "").split(separator: ":").lazy
        .map { $0 + "/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `expression` (of `body`, a bytes) in Python for each of `inputs`: what another zlib
    /// makes of our bytes, or of the same input. One process for all, each input and each
    /// result framed by its length (4 bytes, big-endian).
    static func run(_ expression: String, on inputs: [[UInt8]]) throws -> [[UInt8]] {
        let script = """
            import struct, sys, zlib
            data, out, at = sys.stdin.buffer.read(), sys.stdout.buffer, 0
            while at < len(data):
                (n,) = struct.unpack(">I", data[at:at + 4])
                body = data[at + 4:at + 4 + n]
                result = \(expression)
                out.write(struct.pack(">I", len(result)) + result)
                at += 4 + n
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path ?? "python3")
        process.arguments = ["-c", script]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Written from another thread: Python answers while it reads, and both pipes are finite.
        let framed = inputs.flatMap { Self.lengthPrefix($0.count) + $0 }
        let writer = Thread {
            input.fileHandleForWriting.write(Data(framed))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let bytes = Array(output.fileHandleForReading.readDataToEndOfFile())
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw PythonError(status: process.terminationStatus) }
        var results: [[UInt8]] = []
        var at = 0
        while at + 4 <= bytes.count {
            let count = bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) }
            results.append(Array(bytes[at + 4..<min(bytes.count, at + 4 + count)]))
            at += 4 + count
        }
        return results
    }

    private static func lengthPrefix(_ count: Int) -> [UInt8] {
        [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: count >> $0) }
    }

    struct PythonError: Error { var status: Int32 }
}
