/// Which input a geometry warning is about. The planner maps each case to a JSON pointer.
public enum GeometryWarningSubject: Sendable, Hashable {
    /// The whole request (used when no single field is to blame).
    case transition
    case platform
    case platformVersion
    case frameRate
    case spring
    case presentationStyle
    /// UIKit's `source` (present or absent).
    case source
    /// SwiftUI's `sources[index]`.
    case sources(index: Int)
    /// SwiftUI's `sources[index].modifiers`.
    case sourceModifiers(index: Int)
    /// The `sources` list as a whole (e.g. empty).
    case sourcesList
    case destinationFrame
    case destinationAlignmentRect
    case destinationOpaque
    /// SwiftUI: `destination.sourceID`.
    case destinationSourceID
    /// SwiftUI: `destination.namespace`.
    case destinationNamespace
    case fitMode
    case initialVelocity
    case backgroundMode
    case motionPath
    /// `source.role` (index nil) or `sources[index].role`.
    case sourceRole(index: Int?)
    case destinationCloseButton
    /// `source.kind` (index nil) or `sources[index].kind`.
    case sourceKind(index: Int?)
    /// `destination.detent`.
    case destinationDetent
    /// `options.navigationBar`.
    case navigationBar
    /// A subject about the source, where the source is the one a timeline's `sourceChanged`
    /// event at `event` gave rather than the request's own.
    indirect case changedSource(event: Int, GeometryWarningSubject)

    /// True for the subjects that name the UIKit source or one of its fields.
    public var isSource: Bool {
        switch self {
        case .source, .sourceRole(index: nil), .sourceKind(index: nil): true
        default: false
        }
    }
}
