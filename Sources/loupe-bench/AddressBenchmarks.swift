import Foundation
import LoupeDeflate
import LoupeJSON

/// An answer's address (`/v1/plans/{key}`): the request body minified and deflated into its key
/// on every computed answer, and inflated back on every GET of one (issue 47 §1). Timed on the
/// push body alone and across every request in examples/ (per body: divide by the count
/// printed), beside the keys' total size, which must not grow as the codec gets faster.
enum AddressBenchmarks {
    /// The minified bodies of examples/*.json, read from the working directory (the benchmark
    /// runs from the checkout), or the push body alone when examples/ is not there.
    static let exampleBodies: [[UInt8]] = {
        let directory = "examples"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
        let bodies = names.compactMap { FileManager.default.contents(atPath: directory + "/" + $0) }.map { JSONMinifier.minified(Array($0)) }
        return bodies.isEmpty ? [CodingBenchmarks.pushRequest] : bodies
    }()

    static func all() -> [Benchmark] {
        let push = JSONMinifier.minified(CodingBenchmarks.pushRequest)
        let pushKey = Deflater().deflate(push)
        let bodies = exampleBodies
        let keys = bodies.map { Deflater().deflate($0) }
        print(
            "address keys: \(bodies.count) example bodies, \(bodies.reduce(0) { $0 + $1.count }) bytes minified, "
                + "\(keys.reduce(0) { $0 + $1.count }) bytes deflated (push: \(push.count) → \(pushKey.count))")
        return [
            Benchmark(name: "address: minify + deflate push body") { iterations in
                var count = 0
                for _ in 0..<iterations { count &+= Deflater().deflate(JSONMinifier.minified(CodingBenchmarks.pushRequest)).count }
                return count
            },
            Benchmark(name: "address: inflate push key") { iterations in
                var count = 0
                for _ in 0..<iterations { count &+= (try? Inflater.inflate(pushKey, maxOutputBytes: 1 << 16))?.count ?? 0 }
                return count
            },
            Benchmark(name: "address: deflate every example body (\(bodies.count))") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    for body in bodies { count &+= Deflater().deflate(body).count }
                }
                return count
            },
            Benchmark(name: "address: inflate every example key (\(keys.count))") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    for key in keys { count &+= (try? Inflater.inflate(key, maxOutputBytes: 1 << 16))?.count ?? 0 }
                }
                return count
            }
        ]
    }
}
