/// A value a recording may hold per frame, compared frame by frame with the expected one.
public enum Quantity: String, Sendable, Hashable, CaseIterable {
    case cardX = "card.x"
    case cardY = "card.y"
    case cardWidth = "card.width"
    case cardHeight = "card.height"
    case cornerRadius
    case dimming
    case sourceContent

    /// The quantity's value in `sample`, nil when the sample does not hold it.
    public func value(in sample: CardSample) -> Double? {
        switch self {
        case .cardX: sample.card.x
        case .cardY: sample.card.y
        case .cardWidth: sample.card.width
        case .cardHeight: sample.card.height
        case .cornerRadius: sample.cornerRadius
        case .dimming: sample.dimming
        case .sourceContent: sample.sourceContent
        }
    }

    /// Which of the tolerances judges it.
    public func tolerance(in tolerances: Tolerances) -> Double {
        switch self {
        case .cardX, .cardY: tolerances.position
        case .cardWidth, .cardHeight: tolerances.size
        case .cornerRadius: tolerances.cornerRadius
        case .dimming, .sourceContent: tolerances.opacity
        }
    }

    /// The quantity's place inside an observed frame, as path components (`card`, `width`).
    public var path: [String] {
        switch self {
        case .cardX: ["card", "x"]
        case .cardY: ["card", "y"]
        case .cardWidth: ["card", "width"]
        case .cardHeight: ["card", "height"]
        default: [rawValue]
        }
    }

    /// The box's four quantities, which travel and settle are measured on.
    static let box: [Quantity] = [.cardX, .cardY, .cardWidth, .cardHeight]
}
