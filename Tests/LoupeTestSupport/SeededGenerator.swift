/// A deterministic random number generator for property-based tests.
///
/// SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast and of good statistical quality,
/// which is all a test needs. Every property test prints or names its seed, so a failure
/// found on CI replays exactly on a laptop.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SeededGenerator {
    /// A double in `range`, uniformly distributed.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        Double.random(in: range, using: &self)
    }

    /// An integer in `range`, uniformly distributed.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// True with probability `probability`.
    public mutating func chance(_ probability: Double) -> Bool {
        double(in: 0...1) < probability
    }

    /// One element of a non-empty collection.
    public mutating func element<C: Collection>(of collection: C) -> C.Element {
        collection.randomElement(using: &self)!
    }
}

/// The seeds every property test runs with: fixed so CI is repeatable, many so it is thorough.
/// Set `LOUPE_PROPERTY_SEED` to replay one seed only.
public enum PropertySeeds {
    public static func seeds(count: Int = 200) -> [UInt64] {
        if let text = ProcessEnvironment.value("LOUPE_PROPERTY_SEED"), let seed = UInt64(text) {
            return [seed]
        }
        return (0..<UInt64(count)).map { 0x10AE_0000 + $0 }
    }
}
