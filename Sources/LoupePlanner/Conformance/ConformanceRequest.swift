import LoupeConformance

/// A decoded `POST /v1/conformance` body: the expected side (one of the three other routes'
/// bodies), the recording, the tolerances and the alignment.
public struct ConformanceRequest: Sendable {
    /// What the recording is compared with: the body of a plan, a timeline or a lifecycle
    /// request, decoded as its own route decodes it.
    public enum Expected: Sendable {
        case plan(PlanRequest)
        case timeline(TimelineRequest)
        case lifecycle(LifecycleRequest)

        /// The member of `expected` that holds it, for pointers.
        public var member: String {
            switch self {
            case .plan: "plan"
            case .timeline: "timeline"
            case .lifecycle: "lifecycle"
            }
        }
    }

    public var expected: Expected
    public var recording: Recording
    public var tolerances: Tolerances
    public var alignment: AlignmentMethod
    /// Members of the conformance request's own objects the API does not know (the expected
    /// body's are the expected request's).
    public var unknownFields: [UnknownField]

    public init(
        expected: Expected, recording: Recording, tolerances: Tolerances = .standard, alignment: AlignmentMethod = .firstMotion,
        unknownFields: [UnknownField] = []
    ) {
        self.expected = expected
        self.recording = recording
        self.tolerances = tolerances
        self.alignment = alignment
        self.unknownFields = unknownFields
    }
}
