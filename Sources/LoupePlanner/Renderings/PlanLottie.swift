import Glibc
import LoupeGeometry
import LoupeJSON
import LoupeRendering

#if canImport(Glibc)
#endif

/// `format=lottie`: a plan as a Lottie (Bodymovin) animation, for lottie-ios, lottie-android,
/// lottie-web, Flutter's lottie and rlottie (format: https://lottiefiles.github.io/lottie-docs/).
///
/// Canvas and timing: `w`×`h` is the container in points (rounded up to whole points, as
/// lottie-ios decodes them as integers); `fr` is the plan's frame rate and plan keyframe k is
/// frame k, so frame k is plan time k / frameRate. The plan's last keyframe (at its settling
/// time, within a frame before the last whole frame) is drawn at the last frame: from there the
/// plan holds its resting state. `op` is the last frame + 1, as lottie-web and lottie-ios play
/// frames `ip ..< op`.
///
/// Layers, top first (the order Lottie lists them): with `options.navigationBar`, the bar's
/// `bar-back-button`, `bar-destination` and `bar-covered` (image assets of the bar's size, pinned
/// at its frame); then `card`, `shadow`, `dimming`, `source-slot`, `covered-image`, `covered`. `card` is a precomposition (asset `card`) that renders on its own:
/// the placeholder fill, the destination image and the source snapshot, each clipped to the
/// plan's mask (a rounded rect) by an alpha track matte, and beneath them a SwiftUI source's
/// `background(_:)` when the plan has one. The images are assets `destination`
/// (the page at its resting size), `source` (the source view, stretched to the mask) and
/// `covered` (the covered page, container size): each a transparent 1×1 PNG until a client
/// swaps in its snapshot, so the placeholders show through.
///
/// Approximations: the shadow's blur is drawn as four nested rings (no blur effect: effects are
/// not played by every player), see `shadowRings`; a crossfade plan's separate page layer is not drawn (the card carries the
/// zooming content), nor is the blur of `options.dimmingVisualEffect` (an effect as well).
/// Numbers have `options.precision` decimals, default 3.
enum PlanLottie {
    /// RGB 0...1 of the placeholders a client's images cover.
    static let cardColour = [0, 0.478, 1.0]
    static let sourceSlotColour = [0.557, 0.557, 0.576]
    static let coveredColour = [0.949, 0.949, 0.969]

    /// The card's Gaussian shadow (σ, opacity α) as four nested rings, grown by 0.6σ, 1.2σ, 1.8σ
    /// and 2.4σ: between two rings the stacked opacity is the blurred edge's at the middle of the
    /// band, α·½·erfc(d / (σ√2)), so the shadow fades out in steps of 0.6σ (about 11 pt for the
    /// zoom's σ of 18) instead of ending in a hard 18 pt frame. Opacities are shares of α.
    static let shadowRings: [(spread: Double, opacity: Double)] = {
        let spreads = [0.6, 1.2, 1.8, 2.4]
        let edge = spreads.map { spread in 0.5 * erfc((spread - 0.3) / 2.0.squareRoot()) }
        return spreads.indices.map { index in
            (spreads[index], edge[index] - (index + 1 < edge.count ? edge[index + 1] : 0))
        }
    }()

    /// The navigation bar's image assets, top first, each the bar's size: the pushed page's back
    /// button, its title and buttons, the covered page's title and buttons.
    static let barAssets = ["bar-back-button", "bar-destination", "bar-covered"]

    /// A 1×1 transparent PNG: what an image asset draws until a client replaces it.
    static let transparentPNG =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNgYGBgAAAABQABeqhXUAAAAABJRU5ErkJggg=="

    static func render(_ answer: PlanAnswer) -> [UInt8] {
        let plan = answer.plan
        let container = answer.request.scene.container.size
        let canvas = canvas(container)
        let page = plan.geometry.destinationFrame
        let source = plan.sourceFrame.flatMap { $0.width > 0 && $0.height > 0 ? $0 : nil }
        let frames = max(1, plan.keyframes.count)
        var lottie = LottieWriter(
            json: JSONWriter(capacity: 8192 + frames * 1200),
            places: answer.request.precision ?? PlanCSS.defaultPrecision, outPoint: frames)
        lottie.json.beginObject()
        lottie.json.member("v", "5.7.0")
        lottie.json.name("fr")
        lottie.json.number(plan.frameRate)  // exact: `fr` is the clock (issue 35 §2)
        lottie.json.member("ip", 0)
        lottie.json.member("op", frames)
        lottie.json.member("w", Int(canvas.width))
        lottie.json.member("h", Int(canvas.height))
        lottie.json.member("nm", "Loupe \(answer.request.scene.transition.rawValue) \(plan.effect.rawValue)")
        lottie.json.member("ddd", 0)
        lottie.json.name("assets")
        lottie.json.beginArray()
        image(&lottie, "covered", container)
        image(&lottie, "destination", page.size)
        if let source { image(&lottie, "source", source.size) }
        if let bar = plan.navigationBar {
            for asset in barAssets { image(&lottie, asset, bar.frame.size) }
        }
        lottie.json.beginObject()
        lottie.json.member("id", "card")
        lottie.json.member("nm", "card")
        lottie.json.name("layers")
        lottie.layers(cardLayers(plan, source: source))
        lottie.json.endObject()
        lottie.json.endArray()
        lottie.json.name("layers")
        lottie.layers(layers(plan, container: container, source: source))
        lottie.json.endObject()
        return lottie.json.bytes
    }

    /// The composition's layers, top first.
    static func layers(_ plan: ZoomPlan, container: Size, source: Rect?) -> [LottieLayer] {
        let keyframes = plan.keyframes
        let masks = keyframes.map(\.mask)
        let covered = transform(keyframes.map(\.covered))
        let colour = plan.dimmingColor
        var layers: [LottieLayer] = []
        if let bar = plan.navigationBar {
            // Above the card and pinned: the bar belongs to the stack, not to the page.
            let opacities = keyframes.map { bar.opacities(at: $0.time) }
            let values: [(NavigationBarOpacities) -> Double] = [\.backButton, \.destinationItems, \.coveredItems]
            for (asset, value) in zip(barAssets, values) {
                layers.append(
                    LottieLayer(
                        name: asset, content: .image(asset: asset), position: .constant([bar.frame.x, bar.frame.y, 0]),
                        opacity: percent(opacities.map(value))))
            }
        }
        layers += [
            LottieLayer(name: "card", content: .precomposition(asset: "card", width: canvas(container).width, height: canvas(container).height)),
            LottieLayer(
                name: "shadow",
                content: .stackedRoundedRects(
                    shadowRings.map { ring in
                        LottieRoundedRect(
                            masks, offsetX: plan.sourceShadow == nil ? nil : keyframes.map(\.shadow.offsetX),
                            offsetY: keyframes.map(\.shadow.offsetY), spread: keyframes.map { ring.spread * $0.shadow.radius })
                    },
                    fill: plan.sourceShadow == nil
                        ? .constant([0, 0, 0])
                        : LottieProperty(keyframes.map { [$0.shadow.color.red, $0.shadow.color.green, $0.shadow.color.blue] }),
                    fillOpacities: shadowRings.map { $0.opacity * 100 }),
                opacity: percent(keyframes.map(\.shadow.opacity))),
            LottieLayer(
                name: "dimming",
                content: .roundedRect(
                    LottieRoundedRect(Rect(origin: .zero, size: container)),
                    fill: [colour.red, colour.green, colour.blue], fillOpacity: colour.alpha * 100),
                opacity: percent(keyframes.map(\.opacity.dimming)))
        ]
        if let source {
            layers.append(
                LottieLayer(
                    name: "source-slot", content: .roundedRect(LottieRoundedRect(source), fill: sourceSlotColour, fillOpacity: 100),
                    position: covered.position, scale: covered.scale,
                    opacity: percent(keyframes.map { $0.opacity.sourceSlot * $0.opacity.covered })))
        }
        // The covered page is hidden once the trace removes its view (issue 23 §3).
        let shown = percent(keyframes.map(\.opacity.covered))
        layers.append(
            LottieLayer(name: "covered-image", content: .image(asset: "covered"), position: covered.position, scale: covered.scale, opacity: shown))
        layers.append(
            LottieLayer(
                name: "covered",
                content: .roundedRect(LottieRoundedRect(Rect(origin: .zero, size: container)), fill: coveredColour, fillOpacity: 100),
                position: covered.position, scale: covered.scale, opacity: shown))
        return layers
    }

    /// The `card` composition's layers, top first: each image under its matte (a copy of the
    /// mask), then the placeholder, which is the card's shape itself.
    static func cardLayers(_ plan: ZoomPlan, source: Rect?) -> [LottieLayer] {
        let keyframes = plan.keyframes
        let masks = keyframes.map(\.mask)
        let card = LottieRoundedRect(masks)
        let matte = LottieLayer.Content.roundedRect(card, fill: [1, 1, 1], fillOpacity: 100)
        let destination = percent(keyframes.map(\.opacity.destination))
        var layers: [LottieLayer] = []
        if let source {
            // The snapshot is stretched over the mask's rect, as the CSS rendering's snapshot layer.
            layers.append(LottieLayer(name: "source-matte", content: matte, matte: .isMatte))
            layers.append(
                LottieLayer(
                    name: "source", content: .image(asset: "source"), matte: .alphaMatted,
                    position: LottieProperty(masks.map { [$0.rect.x, $0.rect.y, 0] }),
                    scale: LottieProperty(masks.map { [$0.rect.width / source.width * 100, $0.rect.height / source.height * 100, 100] }),
                    opacity: percent(keyframes.map(\.opacity.sourceContent))))
        }
        let page = transform(keyframes.map(\.transform))
        layers.append(LottieLayer(name: "destination-matte", content: matte, matte: .isMatte))
        layers.append(
            LottieLayer(
                name: "destination", content: .image(asset: "destination"), matte: .alphaMatted,
                position: page.position, scale: page.scale, opacity: destination))
        layers.append(LottieLayer(name: "placeholder", content: .roundedRect(card, fill: cardColour, fillOpacity: 100), opacity: destination))
        if let fill = plan.sourceBackground {
            // SwiftUI's background(_:), beneath everything in the card while it flies.
            layers.append(
                LottieLayer(
                    name: "source-background", content: .roundedRect(card, fill: [fill.red, fill.green, fill.blue], fillOpacity: fill.alpha * 100),
                    opacity: percent(keyframes.indices.map { $0 == keyframes.count - 1 ? 0 : 1 })))
        }
        return layers
    }

    // MARK: - Values

    /// The composition's size: the container's, rounded up to whole points (lottie-ios decodes
    /// `w` and `h` as integers).
    private static func canvas(_ container: Size) -> Size {
        Size(width: container.width.rounded(.up), height: container.height.rounded(.up))
    }

    /// A scale-and-translation transform per frame as Lottie position and scale (the engine's
    /// transforms have no rotation or skew: `b` and `c` are 0).
    private static func transform(_ transforms: [AffineTransform]) -> (position: LottieProperty, scale: LottieProperty) {
        (LottieProperty(transforms.map { [$0.tx, $0.ty, 0] }), LottieProperty(transforms.map { [$0.a * 100, $0.d * 100, 100] }))
    }

    /// 0...1 as Lottie's 0...100.
    private static func percent(_ values: [Double]) -> LottieProperty {
        LottieProperty(values.map { [min(1, max(0, $0)) * 100] })
    }

    /// An image asset of `size` points, transparent until a client replaces it.
    private static func image(_ lottie: inout LottieWriter, _ id: String, _ size: Size) {
        lottie.json.beginObject()
        lottie.json.member("id", id)
        lottie.json.member("nm", id)
        lottie.json.name("w")
        lottie.json.number(size.width, places: lottie.places)
        lottie.json.name("h")
        lottie.json.number(size.height, places: lottie.places)
        lottie.json.member("u", "")
        lottie.json.member("p", transparentPNG)
        lottie.json.member("e", 1)
        lottie.json.endObject()
    }
}
