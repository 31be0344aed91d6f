#if canImport(Glibc)
    import Glibc
#endif
import LoupeGeometry

/// The CSS properties the web renderings set. The raw value is the CSS name; `scriptName` is
/// the camelCase spelling `Element.animate()` keyframes and `element.style` use.
public enum StyleProperty: String, Sendable, Hashable {
    case position, overflow, left, top, width, height
    case transformOrigin = "transform-origin"
    case backgroundColor = "background-color"
    case transform
    case clipPath = "clip-path"
    case opacity
    case borderRadius = "border-radius"
    case boxShadow = "box-shadow"
    case zIndex = "z-index"
    case mixBlendMode = "mix-blend-mode"
    case backdropFilter = "backdrop-filter"
    case filter

    public var scriptName: String {
        let words = rawValue.split(separator: "-")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
    }
}
