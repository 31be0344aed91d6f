/// UIKit's `UIBlurEffect.Style`, for `UIZoomTransitionOptions.dimmingVisualEffect`: the blur
/// put on the content behind the zoomed page ("Visual effect to apply to the content behind the
/// zoomed in view. Defaults to nil.", UIKit API reference).
///
/// Apple publishes no radius for any style, so `radius` is Loupe's estimate, documented in
/// docs/behaviour.md: the classic styles share one strong blur, and the materials grow from
/// ultra-thin to chrome in even steps, the order Apple's Human Interface Guidelines give them
/// (Materials). The Light and Dark variants only change the tint, which the dimming colour covers.
public enum BlurStyle: String, Sendable, Hashable, CaseIterable {
    case extraLight, light, dark, regular, prominent
    case systemUltraThinMaterial, systemThinMaterial, systemMaterial, systemThickMaterial, systemChromeMaterial
    case systemUltraThinMaterialLight, systemThinMaterialLight, systemMaterialLight, systemThickMaterialLight, systemChromeMaterialLight
    case systemUltraThinMaterialDark, systemThinMaterialDark, systemMaterialDark, systemThickMaterialDark, systemChromeMaterialDark

    /// The blur at full effect, in points, as a Gaussian standard deviation (CSS `blur()`).
    public var radius: Double {
        switch self {
        case .extraLight, .light, .dark, .regular, .prominent: 30
        case .systemUltraThinMaterial, .systemUltraThinMaterialLight, .systemUltraThinMaterialDark: 10
        case .systemThinMaterial, .systemThinMaterialLight, .systemThinMaterialDark: 15
        case .systemMaterial, .systemMaterialLight, .systemMaterialDark: 20
        case .systemThickMaterial, .systemThickMaterialLight, .systemThickMaterialDark: 25
        case .systemChromeMaterial, .systemChromeMaterialLight, .systemChromeMaterialDark: 30
        }
    }
}
