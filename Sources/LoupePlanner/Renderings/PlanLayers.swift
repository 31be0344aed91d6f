import LoupeGeometry
import LoupeRendering

/// A plan as the layers a web page stacks in its container, bottom to top, each with its
/// placement and its keyframes: the one model the CSS and WAAPI renderings write.
///
/// Placement: every layer is absolutely positioned in a container of the request's size
/// (1 pt = 1 CSS px). The page layers sit where the destination rests (`left`/`top`/`width`/
/// `height` of its frame, `transform-origin: 0 0`), so their last keyframe is the identity
/// matrix; the plan's transform (page-local → container) becomes the matrix relative to that
/// resting place, and the mask (container coordinates) becomes an `inset()` in the page's own
/// coordinates. Timing is linear between keyframes: the keyframes already carry the spring.
enum PlanLayers {
    /// Decimals of a duration in milliseconds whatever `options.precision` says: a microsecond,
    /// so the animation lasts the plan's duration (issue 35 §2; precision 0 rounded it to a
    /// whole millisecond).
    static let durationPlaces = 3

    struct Rendering {
        var container: Size
        /// Milliseconds.
        var duration: Double
        var layers: [AnimatedLayer]

        /// The container's own style: the request's size, clipping what leaves it.
        var containerStyle: [AnimatedLayer.Declaration] {
            [
                .init(property: .position, value: .keyword("relative")), .init(property: .width, value: .length(container.width)),
                .init(property: .height, value: .length(container.height)), .init(property: .overflow, value: .keyword("hidden"))
            ]
        }
    }

    static func rendering(of answer: PlanAnswer) -> Rendering {
        let plan = answer.plan
        let container = answer.request.scene.container.size
        let page = plan.geometry.destinationFrame
        let frames = timedKeyframes(plan)
        let crossfade = plan.keyframes.contains { $0.layers != nil }

        func layer(
            _ name: String, _ role: String, _ style: [AnimatedLayer.Declaration],
            _ values: (Keyframe) -> [AnimatedLayer.Declaration]
        ) -> AnimatedLayer {
            AnimatedLayer(name: name, role: role, style: style, frames: frames, values: values)
        }
        let fullContainer = placement(Rect(origin: .zero, size: container))
        let pageValues = { (transform: AffineTransform, mask: RoundedRect, opacity: Double, keyframe: Keyframe) in
            Self.pageValues(
                transform: transform, mask: restsUnclipped(keyframe, in: answer) ? RoundedRect(rect: mask.rect, cornerRadius: 0) : mask,
                opacity: opacity, page: page)
        }
        let atPage = placement(page) + [.init(property: .transformOrigin, value: .keyword("0 0"))]
        let free = [AnimatedLayer.Declaration(property: .position, value: .keyword("absolute"))]

        var layers = [
            layer(
                "covered", "the page being covered (or revealed), full size",
                fullContainer + [.init(property: .transformOrigin, value: .keyword("0 0"))]
            ) {
                // Hidden once the trace removes the covered page's view (issue 23 §3).
                [
                    .init(property: .transform, value: .matrix($0.covered, extent: max(container.width, container.height))),
                    .init(property: .opacity, value: .number($0.opacity.covered))
                ]
            },
            layer("source", "your source view, hidden while the card carries it", []) {
                [.init(property: .opacity, value: .number($0.opacity.sourceSlot * $0.opacity.covered))]
            }
        ]
        if plan.dimmingVisualEffect != nil {
            // Its own layer, because the dimming layer's opacity would fade the blur with it.
            layers.append(
                layer("blur", "dimmingVisualEffect: blurs what lies behind it, the covered page", fullContainer) {
                    [.init(property: .backdropFilter, value: .blur($0.blur))]
                })
        }
        layers += [
            layer(
                "dimming", "the scrim over the covered page",
                fullContainer + [.init(property: .backgroundColor, value: .keyword(plan.dimmingColor.hex))]
            ) {
                [.init(property: .opacity, value: .number($0.opacity.dimming))]
            },
            layer("shadow", "the card's drop shadow", free) { box($0.mask) + [.init(property: .boxShadow, value: shadow($0.shadow))] },
            layer(
                "background", "the system background behind a transparent page",
                atPage + [.init(property: .backgroundColor, value: .keyword("Canvas"))]
            ) {
                pageValues($0.transform, $0.mask, $0.opacity.background, $0)
            }
        ]
        if let fill = plan.sourceBackground {
            // SwiftUI's background(_:): behind the content, filling the card's interpolated shape
            // while it flies; at rest the page (or, after a pop, the source) shows itself.
            let last = plan.keyframes.last
            layers.append(
                layer(
                    "source-background", "the source configuration's background(_:), filling the card behind its content",
                    free + [.init(property: .backgroundColor, value: .keyword(fill.hex))]
                ) { box($0.mask) + [.init(property: .opacity, value: .number($0 == last ? 0 : 1))] })
        }
        if crossfade {
            layers.append(
                layer("page", "crossfade: the page without its zooming content, fading in place", atPage) {
                    guard let background = $0.layers?.background else { return pageValues($0.transform, $0.mask, 0, $0) }
                    return pageValues(background.transform, background.mask, background.opacity, $0)
                })
        }
        layers.append(
            layer("destination", crossfade ? "the zooming content of the page" : "the page, zooming in its card", atPage) {
                pageValues($0.transform, $0.mask, $0.opacity.destination, $0)
            })
        layers.append(
            layer("snapshot", "a snapshot of the source view, fading out in the card", free) {
                box($0.mask) + [.init(property: .opacity, value: .number($0.opacity.sourceContent))]
            })
        if let bar = plan.navigationBar {
            // Above the card and pinned: the bar belongs to the stack, not to the page.
            let atBar = placement(bar.frame)
            layers += [
                layer("bar-covered", "the navigation bar's items of the covered page (title, buttons), pinned above the card", atBar) {
                    [.init(property: .opacity, value: .number(bar.opacities(at: $0.time).coveredItems))]
                },
                layer("bar-destination", "the navigation bar's items of the pushed page (title, buttons), pinned above the card", atBar) {
                    [.init(property: .opacity, value: .number(bar.opacities(at: $0.time).destinationItems))]
                },
                layer("bar-back-button", "the pushed page's back button, pinned above the card", atBar) {
                    [.init(property: .opacity, value: .number(bar.opacities(at: $0.time).backButton))]
                }
            ]
        }
        return Rendering(container: container, duration: max(0, plan.duration) * 1000, layers: layers)
    }

    // MARK: - Values

    /// Offsets from times; a plan with no duration (or one keyframe) holds its last state from 0 to 1.
    static func timedKeyframes(_ plan: ZoomPlan) -> [(offset: Double, keyframe: Keyframe)] {
        guard let last = plan.keyframes.last else { return [] }
        guard plan.duration > 0, plan.keyframes.count > 1 else { return [(0, last), (1, last)] }
        return plan.keyframes.enumerated().map { index, keyframe in
            (index == plan.keyframes.count - 1 ? 1 : min(1, max(0, keyframe.time / plan.duration)), keyframe)
        }
    }

    /// Absolutely positioned on `rect`, container coordinates.
    private static func placement(_ rect: Rect) -> [AnimatedLayer.Declaration] {
        [.init(property: .position, value: .keyword("absolute"))] + frame(rect)
    }

    static func frame(_ rect: Rect) -> [AnimatedLayer.Declaration] {
        [
            .init(property: .left, value: .length(rect.x)), .init(property: .top, value: .length(rect.y)),
            .init(property: .width, value: .length(rect.width)), .init(property: .height, value: .length(rect.height))
        ]
    }

    /// The frame and border-radius of a rounded rect, container coordinates: the card's box.
    static func box(_ mask: RoundedRect) -> [AnimatedLayer.Declaration] {
        frame(mask.rect) + [.init(property: .borderRadius, value: .length(mask.cornerRadius))]
    }

    /// CSS blur radius is 2σ.
    static func shadow(_ shadow: Shadow) -> StyleValue {
        .shadow(offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: 2 * shadow.radius, opacity: shadow.opacity, color: shadow.color)
    }

    /// Whether `keyframe` is the page at rest filling the container: the last keyframe of a
    /// push or presentation whose page covers the container. docs/api.md promises the page
    /// layers' last keyframe "with no clipping" there: the plan's resting radius is the display's
    /// own corners (which clip a phone's screen anyway), and a browser window has none, so
    /// keeping it would leave the covered page showing in the corners for good (issue 23 §10).
    static func restsUnclipped(_ keyframe: Keyframe, in answer: PlanAnswer) -> Bool {
        let plan = answer.plan
        guard !plan.isReverse, keyframe == plan.keyframes.last else { return false }
        let container = Rect(origin: .zero, size: answer.request.scene.container.size)
        return keyframe.mask.rect == plan.geometry.destinationFrame && plan.geometry.destinationFrame.contains(container, tolerance: 0.5)
    }

    /// transform, clip-path and opacity of an element resting at `page`.
    private static func pageValues(transform: AffineTransform, mask: RoundedRect, opacity: Double, page: Rect) -> [AnimatedLayer.Declaration] {
        var relative = transform
        relative.tx -= page.x
        relative.ty -= page.y
        return [
            .init(property: .transform, value: .matrix(relative, extent: max(page.width, page.height))),
            .init(property: .clipPath, value: clip(mask, transform: transform, page: page)),
            .init(property: .opacity, value: .number(opacity))
        ]
    }

    /// The container-space mask in the page's own coordinates. A transform that cannot be
    /// inverted (the page has shrunk to nothing) clips everything.
    private static func clip(_ mask: RoundedRect, transform t: AffineTransform, page: Rect) -> StyleValue {
        let determinant = t.a * t.d - t.b * t.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else {
            return .inset(top: 0, right: page.width, bottom: page.height, left: 0, radius: 0)
        }
        func local(_ x: Double, _ y: Double) -> Point {
            let dx = x - t.tx, dy = y - t.ty
            return Point(x: (t.d * dx - t.c * dy) / determinant, y: (t.a * dy - t.b * dx) / determinant)
        }
        let corners = [
            local(mask.rect.minX, mask.rect.minY), local(mask.rect.maxX, mask.rect.maxY),
            local(mask.rect.minX, mask.rect.maxY), local(mask.rect.maxX, mask.rect.minY)
        ]
        let minX = corners.map(\.x).min() ?? 0, maxX = corners.map(\.x).max() ?? 0
        let minY = corners.map(\.y).min() ?? 0, maxY = corners.map(\.y).max() ?? 0
        return .inset(
            top: minY, right: page.width - maxX, bottom: page.height - maxY, left: minX,
            radius: mask.cornerRadius / abs(determinant).squareRoot(), scale: abs(determinant).squareRoot())
    }
}

extension TransitionGeometry {
    /// Where the page rests, in container coordinates.
    var destinationFrame: Rect {
        switch self {
        case .zoom(let geometry): geometry.destinationFrame
        case .slide(let geometry): geometry.destinationFrame
        case .coverVertical(let geometry): geometry.destinationFrame
        case .popover(let geometry): geometry.destinationFrame
        }
    }
}
