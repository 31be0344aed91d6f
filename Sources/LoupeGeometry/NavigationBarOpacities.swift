/// How visible each group of the bar's items is, 0...1.
public struct NavigationBarOpacities: Sendable, Hashable {
    /// The pushed page's back button.
    public var backButton: Double
    /// The pushed page's title and bar button items.
    public var destinationItems: Double
    /// The covered page's title and bar button items (its own back button among them).
    public var coveredItems: Double

    public init(backButton: Double, destinationItems: Double, coveredItems: Double) {
        self.backButton = backButton
        self.destinationItems = destinationItems
        self.coveredItems = coveredItems
    }

    /// The covered page on top: before a push, after a pop.
    public static let coveredPageOnTop = NavigationBarOpacities(backButton: 0, destinationItems: 0, coveredItems: 1)
    /// The pushed page on top: after a push, before a pop.
    public static let destinationOnTop = NavigationBarOpacities(backButton: 1, destinationItems: 1, coveredItems: 0)
}
