import LoupeGeometry
import LoupeJSON

/// What building an answer will cost in CPU, estimated before any of the work is done, from the
/// request alone: the reading of its body, the engine's simulation, the `linear()` fits and the
/// rendering.
///
/// Why: an event loop that builds an answer holds every other connection it owns (the probes
/// among them) for as long as that takes. The service builds an answer on the loop only when
/// this estimate is within its loop's ceiling (the service's `InlineWork`), and sends everything else to the compute pool
/// (issue 34 §1). The estimate must never be low: a request that is dearer than it looks is the
/// very attack the ceiling is there for. So each figure is a measured worst case per unit
/// (docs/benchmarks.md, "Where work runs"), and whatever has no cheap bound (a `linear()` fit,
/// whose cost follows the spring's duration and the tolerance, not the answer's size) is
/// `unbounded`.
public struct WorkEstimate: Sendable, Comparable {
    /// Microseconds of one core, release build, on the project's 2-core machine.
    public var microseconds: Double

    public init(microseconds: Double) {
        self.microseconds = microseconds
    }

    /// Work without a cheap bound: always the pool's.
    public static let unbounded = WorkEstimate(microseconds: .infinity)

    /// The most CPU one accepted request may cost, on the pool: 60 ms (docs/operations-reference.md). Work
    /// estimated over it is refused with 422 `work-limit-exceeded` before it is done (issue 34
    /// §4): a timeline's simulation before simulating, any answer's rendering before rendering.
    public static let requestCeiling = WorkEstimate(microseconds: 60_000)

    public static func < (lhs: WorkEstimate, rhs: WorkEstimate) -> Bool { lhs.microseconds < rhs.microseconds }

    public static func + (lhs: WorkEstimate, rhs: WorkEstimate) -> WorkEstimate {
        WorkEstimate(microseconds: lhs.microseconds + rhs.microseconds)
    }

    // MARK: - Unit costs (measured worst cases; docs/benchmarks.md, "Where work runs")

    /// Reading a body into a tape and deriving its ETag: per byte of body.
    static let readingPerByte = 0.01

    /// A plan's cost on an event loop in `format`: a fixed part (decoding and validating, the
    /// geometry, the callback trace, the warnings, the answer's fixed parts such as the picture's
    /// eight panels) and one keyframe sampled and rendered, whatever its effect and layers. The
    /// upper envelope of `loupe-bench --work-estimates` (pushes, crossfaded and blurred
    /// presentations and popovers, 14 to 1,573 keyframes) with about a fifth to spare. nil for css
    /// and waapi, whose `linear()` fit has no cheap bound.
    static func planCost(_ format: RenderingFormat) -> (fixed: Double, perKeyframe: Double)? {
        switch format {
        case .json: (70, 1.6)
        case .svg: (330, 1.3)
        case .viewTransition: (100, 8)
        case .lottie: (60, 10)
        case .css, .waapi, .junit: nil
        }
    }

    /// Rendering in `format`, per byte of the answer's *estimated* size (`AnswerSize`, what is
    /// known before rendering; it runs one to eight times the real size): the upper envelope of
    /// `loupe-bench --rendering-costs` over answers of 100 KB to 5.5 MB (plans in every format,
    /// lifecycle traces as json and svg), with about half again to spare, which also covers the
    /// decoding and simulating before it (a few milliseconds where rendering is this large).
    /// Small answers cost more per byte but are far from the ceiling.
    static func renderingPerByte(_ format: RenderingFormat) -> Double {
        switch format {
        case .json: 0.002
        case .css: 0.022
        case .waapi: 0.03
        case .svg: 0.02
        case .viewTransition: 0.018
        case .lottie: 0.008
        // A conformance verdict's test cases: XML text, escaped, about SVG's cost per byte.
        case .junit: 0.02
        }
    }

    /// A `linear()` fit, per sample of the spring (1,000 to 20,000, `SpringEasing.sampleCounts`),
    /// every try and the balancing included: about 13-18 ms at 20,000 samples, measured by server
    /// CPU (docs/benchmarks.md).
    static let fitPerSample = 1.2

    /// Rendering `bytes` bytes in `format`.
    public static func rendering(bytes: Int, as format: RenderingFormat) -> WorkEstimate {
        WorkEstimate(microseconds: Double(bytes) * renderingPerByte(format))
    }

    /// The estimate for reading `bodyBytes` bytes.
    public static func reading(bodyBytes: Int) -> WorkEstimate {
        WorkEstimate(microseconds: Double(bodyBytes) * readingPerByte)
    }
}
