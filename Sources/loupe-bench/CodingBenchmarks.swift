import Foundation
import LoupeGeometry
import LoupeHTTP
import LoupeJSON
import LoupePlanner
import LoupeService

/// JSON reading and writing, and the whole request-bytes to answer-bytes path.
enum CodingBenchmarks {
    /// examples/push.json, minified: the request the load benchmark sends too.
    static let pushRequest = Array(
        #"{"transition":"push","platform":{"os":"iOS","version":"18.0","framework":"UIKit"},"container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"alignmentRect":{"x":0,"y":0,"width":393,"height":393}},"animation":{"frameRate":60}}"#
            .utf8)

    /// scripts/load.d/benchmark-push.json, minified: the front-door issue's push, a 0.5 s / 0.85
    /// spring at 60 fps with no platform or destination (an underdamped spring, so sines and
    /// cosines, and two warnings): what `scripts/load` sends with that BODY.
    static let springPushRequest = Array(
        #"{"transition":"push","container":{"width":393,"height":852,"cornerRadius":55},"source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},"animation":{"spring":{"response":0.5,"dampingRatio":0.85},"frameRate":60}}"#
            .utf8)

    /// A request body as a whole HTTP request with the source's x moved by `variation`
    /// millionths of a point, built from two fixed halves, so the benchmark times the server,
    /// not the string replacement.
    struct VariedRequests {
        let before: [UInt8]
        let after: [UInt8]

        /// Splits `body` around the source frame's x value.
        init(_ body: [UInt8]) {
            let marker = Array("\"frame\":{\"x\":".utf8)
            let found = (0...(body.count - marker.count)).first { Array(body[$0..<$0 + marker.count]) == marker }
            let start = (found ?? 0) + marker.count
            let end = body[start...].firstIndex(of: UInt8(ascii: ",")) ?? start
            (before, after) = (Array(body[..<start]), Array(body[end...]))
        }

        func request(_ variation: Int) -> [UInt8] {
            let x = Array(String(16 + Double(variation) * 1e-6).utf8)
            let head =
                "POST /v1/plans HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: \(before.count + x.count + after.count)\r\n\r\n"
            return Array(head.utf8) + before + x + after
        }
    }

    static func all() -> [Benchmark] {
        if let text = ProcessInfo.processInfo.environment["LOUPE_VERIFY_SHORTEST"], let count = Int(text) {
            let mismatches = verifyShortestDecimal(count: count)
            print("ShortestDecimal vs description: \(count) doubles, \(mismatches) mismatches")
            if mismatches > 0 { exit(1) }
        }
        let plan = (try? GeometryEngine.plan(EngineBenchmarks.pushScene))
        let mirror = plan.map(FoundationPlanMirror.init)
        let encoder = JSONEncoder()
        let application = LoupeApplication(
            configuration: ServiceConfiguration(),
            logger: Logger(level: .off, sink: LogSink(fd: open("/dev/null", O_WRONLY))))
        let httpRequest =
            Array("POST /v1/plans HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: \(pushRequest.count)\r\n\r\n".utf8)
            + pushRequest
        var connection = InProcessConnection(application: application)
        var variedConnection = InProcessConnection(application: application)
        let variedPushes = VariedRequests(pushRequest)
        let variedSpringPushes = VariedRequests(springPushRequest)
        func varied(_ name: String, _ requests: VariedRequests) -> Benchmark {
            Benchmark(name: name) { iterations in
                var count = 0
                for _ in 0..<iterations {
                    variation += 1
                    count &+= variedConnection.sendUnjoined(requests.request(variation))
                }
                return count
            }
        }
        // As deployed: the access log on (written to /dev/null by the sink's thread).
        let loggingApplication = LoupeApplication(
            configuration: ServiceConfiguration(),
            logger: Logger(level: .info, sink: LogSink(fd: open("/dev/null", O_WRONLY))))
        var healthConnection = InProcessConnection(application: loggingApplication)
        let healthRequest = Array("GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)
        var variation = 0

        return [
            Benchmark(name: "decode+validate push request (ours)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    if let document = try? RequestDocument.parse(pushRequest), let request = try? PlanRequestDecoder.decode(document) {
                        count &+= Int(request.scene.animation.frameRate)
                    }
                }
                return count
            },
            Benchmark(name: "decode push request (Foundation JSONSerialization)") { iterations in
                var count = 0
                let data = Data(pushRequest)
                for _ in 0..<iterations {
                    if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] {
                        count &+= object.count
                    }
                }
                return count
            },
            Benchmark(name: "plan answer bytes from request bytes (planner)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? PlanEndpoint.answer(body: pushRequest))?.count ?? 0
                }
                return count
            },
            // Issue 25 §4: the css answer carries the bounded linear() easing, which the size
            // estimate computes too (as the route does before rendering on the event loop).
            Benchmark(name: "push css answer: estimate + render (bounded easing)") { iterations in
                var count = 0
                guard let document = try? RequestDocument.parse(pushRequest), let answer = try? PlanEndpoint.compute(document) else { return 0 }
                for _ in 0..<iterations {
                    count &+= PlanEndpoint.estimatedBytes(of: answer, as: .css) &+ PlanEndpoint.render(answer, as: .css).count
                }
                return count
            },
            Benchmark(name: "compute push answer: decode, plan, callbacks (ours)") { iterations in
                var count = 0
                guard let document = try? RequestDocument.parse(pushRequest) else { return 0 }
                for _ in 0..<iterations {
                    count &+= (try? PlanEndpoint.compute(document))?.plan.keyframes.count ?? 0
                }
                return count
            },
            Benchmark(name: "encode push plan answer as JSON (ours)") { iterations in
                var count = 0
                guard let document = try? RequestDocument.parse(pushRequest), let answer = try? PlanEndpoint.compute(document) else { return 0 }
                for _ in 0..<iterations {
                    count &+= PlanEndpoint.render(answer, as: .json).count
                }
                return count
            },
            // The same answer with `options.precision` 6: digits written at fixed places, no
            // shortest-digits search.
            Benchmark(name: "encode push plan answer as JSON, 6 places (ours)") { iterations in
                var count = 0
                let request = Array(pushRequest.dropLast()) + Array(#","options":{"precision":6}}"#.utf8)
                guard let document = try? RequestDocument.parse(request), let answer = try? PlanEndpoint.compute(document) else { return 0 }
                for _ in 0..<iterations {
                    count &+= PlanEndpoint.render(answer, as: .json).count
                }
                return count
            },
            Benchmark(name: "encode push plan (Foundation JSONEncoder)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? encoder.encode(mirror))?.count ?? 0
                }
                return count
            },
            // The same request again and again: after its second computation it is answered
            // from the answer cache (no parsing, no planning).
            Benchmark(name: "HTTP request bytes to response bytes, cache hit") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= connection.sendUnjoined(httpRequest)
                }
                return count
            },
            // The cheapest route, with the access log on: the transport's own cost per request
            // (scripts/load's healthz mode without the kernel).
            Benchmark(name: "HTTP request bytes to response bytes, healthz") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= healthConnection.sendUnjoined(healthRequest)
                }
                return count
            },
            // Every request different (the source's x moved by a millionth of a point each
            // time), as scripts/load's varied mode: parse, plan, write, every time.
            varied("HTTP request bytes to response bytes, varied", variedPushes),
            // The same with the front-door issue's request (scripts/load.d/benchmark-push.json),
            // the work behind the load figures in docs/benchmarks.md.
            varied("HTTP request bytes to response bytes, varied spring push", variedSpringPushes),
            // Per number: divide the median by 1000. The decimal alone (the shortest digits and
            // their exponent, no text), then the whole number as the writer writes it.
            Benchmark(name: "shortest decimal of 1000 doubles (ours)") { iterations in
                var sum: UInt64 = 0
                for _ in 0..<iterations {
                    for value in formatSample {
                        if let decimal = ShortestDecimal(value) { sum &+= decimal.significand &+ UInt64(bitPattern: Int64(decimal.exponent)) }
                    }
                }
                return Int(truncatingIfNeeded: sum & 1)
            },
            Benchmark(name: "format 1000 doubles (ours)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    var writer = JSONWriter(capacity: 24_000)
                    writer.beginArray()
                    for value in formatSample { writer.number(value) }
                    writer.endArray()
                    count &+= writer.bytes.count
                }
                return count
            },
            Benchmark(name: "format 1000 doubles at 6 places (ours)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    var writer = JSONWriter(capacity: 24_000)
                    writer.beginArray()
                    for value in formatSample { writer.number(value, places: 6) }
                    writer.endArray()
                    count &+= writer.bytes.count
                }
                return count
            },
            Benchmark(name: "format 1000 doubles (description)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    var bytes: [UInt8] = []
                    bytes.reserveCapacity(24_000)
                    for value in formatSample {
                        bytes.append(contentsOf: value.description.utf8)
                        bytes.append(UInt8(ascii: ","))
                    }
                    count &+= bytes.count
                }
                return count
            }
        ]
    }

    /// Pairs (ours, reference) whose ratio the run prints.
    static let ratios: [(String, String)] = [
        ("encode push plan answer as JSON (ours)", "encode push plan (Foundation JSONEncoder)"),
        ("decode+validate push request (ours)", "decode push request (Foundation JSONSerialization)"),
        ("format 1000 doubles (ours)", "format 1000 doubles (description)")
    ]

    /// 1000 doubles like a plan's: four in five are results of arithmetic with 15 to 17 digits
    /// (scales, offsets, times), the rest short decimals such as 12.5 or 0.25, across 1e-4…1e4,
    /// half of them negative. Seeded, so every run formats the same numbers.
    static let formatSample: [Double] = {
        var state: UInt64 = 0x5EED_F10A
        func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let scales: [Double] = [1e-4, 1e-2, 1, 1, 10, 100, 1000, 10_000]
        return (0..<1000).map { index in
            let scale = scales[Int(next() % UInt64(scales.count))]
            let magnitude =
                index % 5 == 4
                ? Double(next() % 4000 + 1) / 8 * scale / 100  // short: k/8 scaled
                : (Double(next() >> 11) * 0x1p-53 + 0.001) * scale  // full precision
            return next() & 1 == 0 ? magnitude : -magnitude
        }
    }()

    /// Compares ShortestDecimal with `description`'s digits on `count` seeded doubles (random bit
    /// patterns, and values in [0, 1) and [0, 1000)), as a release-speed complement to the unit
    /// tests' smaller run. Run: `LOUPE_VERIFY_SHORTEST=10000000 loupe-bench --quick`.
    static func verifyShortestDecimal(count: Int) -> Int {
        var state: UInt64 = 0x10AE_5D7A
        var mismatches = 0
        for index in 0..<count {
            state &+= 0x9E37_79B9_7F4A_7C15
            var bits = state
            bits = (bits ^ (bits >> 30)) &* 0xBF58_476D_1CE4_E5B9
            bits = (bits ^ (bits >> 27)) &* 0x94D0_49BB_1331_11EB
            bits ^= bits >> 31
            let value: Double
            switch index % 3 {
            case 0: value = Double(bitPattern: bits)
            case 1: value = Double(bits >> 11) * 0x1p-53
            default: value = Double(bits >> 11) * 0x1p-53 * 1000
            }
            guard value.isFinite, let ours = ShortestDecimal(value) else { continue }
            if ours != descriptionDigits(value) {
                mismatches += 1
                if mismatches <= 10 { print("ShortestDecimal mismatch: \(value) gives \(ours)") }
            }
        }
        return mismatches
    }

    /// The significand (no trailing zeros) and exponent that `description` prints.
    private static func descriptionDigits(_ value: Double) -> ShortestDecimal {
        var significand: UInt64 = 0
        var exponent = 0
        var afterPoint = false
        var pendingZeros = 0
        var utf8 = value.description.utf8[...]
        if utf8.first == UInt8(ascii: "-") { utf8 = utf8.dropFirst() }
        while let byte = utf8.first, byte != UInt8(ascii: "e") {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: ".") { afterPoint = true; continue }
            if afterPoint { exponent -= 1 }
            if byte == UInt8(ascii: "0") { pendingZeros += 1; continue }
            for _ in 0..<(significand == 0 ? 0 : pendingZeros) { significand *= 10 }
            pendingZeros = 0
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        exponent += pendingZeros  // trailing zeros
        if !utf8.isEmpty, let written = Int(String(decoding: utf8.dropFirst(), as: UTF8.self).replacingOccurrences(of: "+", with: "")) {
            exponent += written
        }
        return significand == 0 ? ShortestDecimal(significand: 0, exponent: 0) : ShortestDecimal(significand: significand, exponent: exponent)
    }
}
