/// The operating system, its version and the UI framework the app uses.
///
/// Zoom availability follows the "Zoom transitions" guide ("Platform availability") and Apple's
/// fluid-transitions article: iPhone and iPad zoom, "including iPad apps running in visionOS"; other
/// platforms keep their default transitions; the SwiftUI API is missing on macOS.
public struct Platform: Sendable, Hashable {
    public var os: OperatingSystem
    /// The OS version; `nil` means "current", which is assumed to have the zoom API.
    public var version: OSVersion?
    public var framework: Framework
    /// An iPhone/iPad app running unmodified on visionOS ("Designed for iPad"). Only meaningful
    /// with `os == .visionOS`; such apps get the real zoom, per Apple's fluid-transitions article.
    /// Default false.
    public var isIPadApp: Bool

    public init(os: OperatingSystem, version: OSVersion? = nil, framework: Framework = .uiKit, isIPadApp: Bool = false) {
        self.os = os
        self.version = version
        self.framework = framework
        self.isIPadApp = isIPadApp
    }

    public static let iOS = Platform(os: .iOS)

    /// The first version with iOS 26's behaviours (bar-button and toolbar zoom sources, sheets
    /// kept at their detent, the content back swipe). Every Apple OS took the number 26 in 2025.
    public static let firstVersion26 = OSVersion(major: 26)

    /// True when the request names version 26 or later. No version keeps the iOS 18 behaviour, so
    /// answers to requests that do not name a version never change.
    public var hasVersion26Behaviours: Bool {
        guard let version else { return false }
        return version >= Self.firstVersion26
    }
}

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

/// UIKit or SwiftUI: they differ in how the source is found (provider vs. matching ids) and in
/// alignment (UIKit has `alignmentRectProvider`; SwiftUI scales the page from its top).
public enum Framework: String, Sendable, Hashable, CaseIterable {
    case uiKit = "UIKit"
    case swiftUI = "SwiftUI"
}

/// A dotted OS version, compared numerically ("18.2" > "18.10" is false).
public struct OSVersion: Sendable, Hashable, Comparable {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses "18", "18.1" or "18.1.2" (ASCII digits; a part too large for an `Int` is refused);
    /// `nil` for anything else. Read byte by byte: every plan request carries a version.
    public init?(_ text: String) {
        var finished: (major: Int, minor: Int) = (0, 0)  // the parts before the current one
        var part = 0
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, part < 2 else { return nil }
                if part == 0 { finished.major = value } else { finished.minor = value }
                part += 1
                value = 0
                digits = 0
                continue
            }
            guard (48...57).contains(byte) else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = tens.addingReportingOverflow(Int(byte - 48))
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
            digits += 1
        }
        guard digits > 0 else { return nil }
        switch part {
        case 0: self.init(major: value)
        case 1: self.init(major: finished.major, minor: value)
        default: self.init(major: finished.major, minor: finished.minor, patch: value)
        }
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
