/// The OS names the API accepts.
public enum OperatingSystem: String, Sendable, Hashable, CaseIterable {
    case iOS
    case iPadOS
    case visionOS
    case tvOS
    case watchOS
    case macOS
    case macCatalyst

    /// The first version whose SDK has the zoom transition API (iOS 18 generation; visionOS 2,
    /// watchOS 11, macOS 15 for Catalyst's host). From SwiftUI's
    /// `NavigationTransition.zoom(sourceID:in:)` availability.
    public var firstZoomVersion: OSVersion {
        switch self {
        case .iOS, .iPadOS, .tvOS, .macCatalyst: return OSVersion(major: 18)
        case .visionOS: return OSVersion(major: 2)
        case .watchOS: return OSVersion(major: 11)
        case .macOS: return OSVersion(major: 15)
        }
    }
}
