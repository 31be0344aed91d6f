/// How the destination's alignment rect is scaled onto the source frame at the start of a zoom.
///
/// Named after Material's container-transform `fitMode` (Material Components, Android). All modes
/// centre the alignment rect on the source (SwiftUI: top-centre).
public enum FitMode: String, Sendable, Hashable, CaseIterable {
    /// Uniform scale that covers the source (the larger of the two ratios). UIKit's default here.
    case fill
    /// Uniform scale that fits inside the source (the smaller ratio).
    case fit
    /// Match widths. SwiftUI's behaviour ("scales the whole page into the card from its top").
    case width
    /// Match heights.
    case height
}
