import LoupeGeometry
import LoupeJSON
import LoupeWarnings

/// Where in a plan request each warning points: the engine names the input it is about, the API
/// names the JSON field.
extension GeometryWarningSubject {
    public var pointer: JSONPointer {
        switch self {
        case .transition: JSONPointer(["transition"])
        case .platform: JSONPointer(["platform", "os"])
        case .platformVersion: JSONPointer(["platform", "version"])
        case .frameRate: JSONPointer(["animation", "frameRate"])
        case .spring: JSONPointer(["animation", "spring"])
        case .presentationStyle: JSONPointer(["destination", "presentationStyle"])
        case .source: JSONPointer(["source"])
        case .sources(let index): JSONPointer(["sources", String(index)])
        case .sourceModifiers(let index): JSONPointer(["sources", String(index), "modifiers"])
        case .sourcesList: JSONPointer(["sources"])
        case .destinationFrame: JSONPointer(["destination", "frame"])
        case .destinationAlignmentRect: JSONPointer(["destination", "alignmentRect"])
        case .destinationOpaque: JSONPointer(["destination", "opaque"])
        case .destinationSourceID: JSONPointer(["destination", "sourceID"])
        case .destinationNamespace: JSONPointer(["destination", "namespace"])
        case .fitMode: JSONPointer(["options", "fitMode"])
        case .initialVelocity: JSONPointer(["animation", "initialVelocity"])
        case .backgroundMode: JSONPointer(["options", "backgroundMode"])
        case .motionPath: JSONPointer(["options", "motionPath"])
        case .sourceRole(let index): index.map { JSONPointer(["sources", String($0), "role"]) } ?? JSONPointer(["source", "role"])
        case .destinationCloseButton: JSONPointer(["destination", "closeButton"])
        case .sourceKind(let index): index.map { JSONPointer(["sources", String($0), "kind"]) } ?? JSONPointer(["source", "kind"])
        case .destinationDetent: JSONPointer(["destination", "detent"])
        case .navigationBar: JSONPointer(["options", "navigationBar"])
        // `/source/...` of the request becomes `/events/i/source/...` of the event.
        case .changedSource(let event, let subject): JSONPointer(["events", String(event)] + subject.pointer.tokens)
        }
    }
}

extension RequestWarning {
    /// The warning for an engine warning, pointing at the request field it is about.
    public init(_ warning: Warning<GeometryWarningCode>) {
        self.init(code: warning.code.rawValue, message: warning.message, pointer: warning.subject.pointer.description)
    }
}
