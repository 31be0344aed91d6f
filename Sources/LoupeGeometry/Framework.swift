/// UIKit or SwiftUI: they differ in how the source is found (provider vs. matching ids) and in
/// alignment (UIKit has `alignmentRectProvider`; SwiftUI scales the page from its top).
public enum Framework: String, Sendable, Hashable, CaseIterable {
    case uiKit = "UIKit"
    case swiftUI = "SwiftUI"
}
