import Foundation

/// One timed operation. `run` performs the operation `iterations` times and returns a value
/// derived from the results, which the runner keeps alive so the optimiser cannot delete the
/// work being measured.
struct Benchmark {
    var name: String
    var run: (_ iterations: Int) -> Int
}

@inline(never)
func blackHole(_ value: Int) {
    if value == 0x5EED_F00D { print("") }
}
