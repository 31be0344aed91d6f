/// JSON decoding and encoding, and the whole request-bytes to response-bytes path.
/// Filled in once the planner's endpoints exist.
enum CodingBenchmarks {
    static func all() -> [Benchmark] { [] }
    /// Pairs (ours, reference) whose ratio the run prints.
    static let ratios: [(String, String)] = []
}
