/// A CSS `linear()` easing function and how closely it follows the curve it stands for: the
/// answer states both, so a developer can tell what `options.easingTolerance` bought.
public struct LinearEasing: Sendable, Hashable {
    /// One stop: `input` is time ÷ duration (0...1), `output` the progress there.
    public struct Stop: Sendable, Hashable {
        public var input: Double
        public var output: Double

        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    /// The stops as written (rounded to `outputPlaces` and `inputPercentPlaces`), first at input 0
    /// and last at input 1.
    public var stops: [Stop]
    /// The largest difference from the curve found after rounding, at every sample and halfway
    /// between samples, in progress units.
    public var maximumError: Double
    /// The bound asked for (`options.easingTolerance` or the default).
    public var tolerance: Double

    public init(stops: [Stop], maximumError: Double, tolerance: Double) {
        self.stops = stops
        self.maximumError = maximumError
        self.tolerance = tolerance
    }

    /// Decimals of a stop's output and of its input percentage: rounding then moves a stop by
    /// at most 0.000005 in progress and 0.0000005 in time ÷ duration, a small share of the
    /// smallest tolerance accepted.
    public static let outputPlaces = 5
    public static let inputPercentPlaces = 4

    /// `linear(0 0%, 0.45123 10.2%, …, 1 100%)`.
    public var css: String {
        let parts = stops.map {
            "\(DecimalText.text($0.output, places: Self.outputPlaces)) \(DecimalText.text($0.input * 100, places: Self.inputPercentPlaces))%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

}
