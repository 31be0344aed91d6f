import Foundation

/// Medians of per-operation times over many samples, after a warm-up: the machine is shared
/// and noisy, so medians (and ratios between benchmarks of one run) are what we report.
struct BenchmarkRunner {
    /// Samples per benchmark; each sample times a batch of iterations.
    var samples: Int
    /// Target duration of one sample, in seconds; the batch size is calibrated to it.
    var sampleSeconds: Double

    struct Result {
        var name: String
        var medianNanoseconds: Double
        var p10Nanoseconds: Double
        var p90Nanoseconds: Double
        var iterationsPerSample: Int
    }

    func measure(_ benchmark: Benchmark) -> Result {
        var sink = 0
        // Warm up and calibrate: grow the batch until one batch takes a sample's duration.
        var batch = 1
        while true {
            let elapsed = time { sink &+= benchmark.run(batch) }
            if elapsed >= sampleSeconds || batch >= 1 << 24 { break }
            batch = elapsed <= 0 ? batch * 10 : max(batch + 1, Int(Double(batch) * min(10, sampleSeconds / elapsed)))
        }
        var perOperation: [Double] = []
        for _ in 0..<samples {
            let elapsed = time { sink &+= benchmark.run(batch) }
            perOperation.append(elapsed * 1e9 / Double(batch))
        }
        perOperation.sort()
        blackHole(sink)
        func quantile(_ q: Double) -> Double { perOperation[min(perOperation.count - 1, Int(Double(perOperation.count) * q))] }
        return Result(
            name: benchmark.name, medianNanoseconds: quantile(0.5), p10Nanoseconds: quantile(0.1), p90Nanoseconds: quantile(0.9),
            iterationsPerSample: batch)
    }

    private func time(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
