import LoupeGeometry

/// The engines alone: what a plan costs before any JSON is involved.
enum EngineBenchmarks {
    /// A typical push: a 110 pt thumbnail to a full-screen page on a 393×852 pt phone.
    static let pushScene = ZoomScene(
        transition: .push,
        container: Container(width: 393, height: 852),
        source: .view(SourceView(frame: Rect(x: 16, y: 120, width: 110, height: 110), cornerRadius: 8)),
        destination: Destination(frame: Rect(x: 0, y: 0, width: 393, height: 852))
    )

    static func all() -> [Benchmark] {
        var scene120 = pushScene
        scene120.animation.frameRate = 120
        let solution = SpringSolution(spring: .zoom, from: 0, to: 1, initialVelocity: 0)
        return [
            Benchmark(name: "spring value+velocity at one time") { iterations in
                var total = 0.0
                for index in 0..<iterations {
                    let t = Double(index & 511) / 1024
                    total += solution.value(at: t) + solution.velocity(at: t)
                }
                return Int(total)
            },
            Benchmark(name: "spring settling duration") { iterations in
                var total = 0.0
                for index in 0..<iterations {
                    let spring = Spring(response: 0.3 + Double(index & 7) * 0.01, dampingRatio: 0.8)
                    total += SpringSolution(spring: spring, from: 0, to: 1, initialVelocity: 0).settlingDuration()
                }
                return Int(total)
            },
            Benchmark(name: "push plan, 60 Hz keyframes (engine only)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? GeometryEngine.plan(pushScene))?.keyframes.count ?? 0
                }
                return count
            },
            Benchmark(name: "push plan, 120 Hz keyframes (engine only)") { iterations in
                var count = 0
                for _ in 0..<iterations {
                    count &+= (try? GeometryEngine.plan(scene120))?.keyframes.count ?? 0
                }
                return count
            }
        ]
    }
}
