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
