import Foundation
import LoupePlanner

// loupe-bench: median nanoseconds per operation for the engines, the JSON coding and the
// whole request-to-answer path in process. Build in release:
//   swift run -c release loupe-bench            full run (docs/benchmarks.md figures)
//   swift run -c release loupe-bench --quick    a few samples, so CI keeps it from rotting

//   loupe-bench --work-estimates                 each plan the event loop may build, timed beside
//                                                 its work estimate (docs/benchmarks.md)
//   loupe-bench --conformance                    conformance requests at the route's limits, timed
//                                                 beside their work estimates
//   loupe-bench --phases ROUTE FILE [--format F] one request's CPU phase by phase (tape, decoding,
//                                                 engine, rendering): where a refusal's time goes
//   loupe-bench --profile NAME N                 run one benchmark N times untimed, for
//                                                 valgrind --tool=callgrind (instruction counts) and
//                                                 scripts/bytes-copied; prints the benchmark's total
//   loupe-bench --only TEXT                      only the benchmarks whose name holds TEXT

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
let runner = BenchmarkRunner(samples: quick ? 3 : 25, sampleSeconds: quick ? 0.002 : 0.05)
let benchmarks = EngineBenchmarks.all() + CodingBenchmarks.all() + AddressBenchmarks.all()

if arguments.contains("--rendering-costs") {
    RenderingCostCheck.run(quick: quick)
    exit(0)
}

if let flag = arguments.firstIndex(of: "--phases"), flag + 2 < arguments.count {
    let format = arguments.firstIndex(of: "--format").flatMap { $0 + 1 < arguments.count ? RenderingFormat(rawValue: arguments[$0 + 1]) : nil }
    PhaseCosts.run(route: arguments[flag + 1], path: arguments[flag + 2], format: format ?? .json)
    exit(0)
}

if arguments.contains("--conformance") {
    ConformanceCostCheck.run(quick: quick)
    exit(0)
}

if arguments.contains("--work-estimates") {
    WorkEstimateCheck.run(quick: quick)
    exit(0)
}

if let flag = arguments.firstIndex(of: "--profile"), flag + 2 < arguments.count {
    let name = arguments[flag + 1]
    guard let benchmark = benchmarks.first(where: { $0.name.contains(name) }), let count = Int(arguments[flag + 2]) else {
        print("no benchmark matches \(name)")
        exit(2)
    }
    // The benchmark's own total (for the request benchmarks, the bytes answered), which
    // scripts/bytes-copied divides the copies by.
    print("\(benchmark.name): \(benchmark.run(count)) in \(count) runs")
    exit(0)
}

let only = arguments.firstIndex(of: "--only").flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
print("benchmark".padding(toLength: 60, withPad: " ", startingAt: 0) + "median ns/op      p10      p90")
var medians: [String: Double] = [:]
for benchmark in benchmarks where only.map({ benchmark.name.contains($0) }) ?? true {
    let result = runner.measure(benchmark)
    medians[result.name] = result.medianNanoseconds
    func column(_ value: Double) -> String {
        let text = String(format: "%.0f", value)
        return String(repeating: " ", count: max(0, 12 - text.count)) + text
    }
    print(
        result.name.padding(toLength: 60, withPad: " ", startingAt: 0)
            + column(result.medianNanoseconds) + column(result.p10Nanoseconds) + column(result.p90Nanoseconds))
}
for (name, reference) in CodingBenchmarks.ratios {
    if let ours = medians[name], let theirs = medians[reference], ours > 0 {
        print(String(format: "ratio: %@ is %.1fx faster than %@", name, theirs / ours, reference))
    }
}
