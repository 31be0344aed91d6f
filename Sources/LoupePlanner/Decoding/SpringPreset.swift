import LoupeGeometry

/// The spring presets a request may name instead of giving parameters.
public enum SpringPreset: String, Sendable, CaseIterable {
    /// The measured iOS zoom flight (`Spring.zoom`, measured by swift_transitions). What "no
    /// spring" means for a zoom.
    case zoom
    /// SwiftUI `.smooth`, `.snappy` and `.bouncy` (duration 0.5 s; bounce 0, 0.15, 0.3).
    case smooth, snappy, bouncy

    public var spring: Spring {
        switch self {
        case .zoom: .zoom
        case .smooth: .smooth
        case .snappy: .snappy
        case .bouncy: .bouncy
        }
    }
}
