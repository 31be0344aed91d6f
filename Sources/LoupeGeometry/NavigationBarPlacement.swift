/// Where the request puts the navigation bar: UIKit's standard bar at the container's top, or a
/// frame of its own.
public enum NavigationBarPlacement: Sendable, Hashable {
    case standard
    /// Container coordinates.
    case frame(Rect)

    /// The bar's frame in a container of `size`.
    public func frame(in size: Size) -> Rect {
        switch self {
        case .standard: NavigationBar.standardFrame(in: size)
        case .frame(let rect): rect.standardized
        }
    }
}
