import LoupeGeometry

/// `format=view-transition`: a stylesheet that makes a same-document view transition
/// (`document.startViewTransition`, CSS View Transitions Level 1) play the plan instead of the
/// browser's default eased morph.
///
/// The element that carries the name (`loupe-zoom`, or `options.viewTransitionName`) is the
/// source before the update and the destination page after it on a push or presentation, the
/// other way round on a pop or dismissal. The pseudo-elements then play the plan's channels:
/// - `::view-transition-group(NAME)`: the card. Its box (width, height and a translation, which
///   is how the browser lays a group out) follows the plan's mask at every keyframe; it clips
///   its images to the mask's rounded corners, and its box-shadow draws the card's shadow and,
///   spread past the viewport, the dimming over everything beneath it.
/// - the page's image (new on a push, old on a pop): the page, placed in the card by the plan's
///   transform, at the destination's opacity.
/// - the source's image: stretched over the card, at the source snapshot's opacity.
/// - `::view-transition-old/new(root)`: the covered page follows the plan's `covered` transform;
///   the other root snapshot (what the page leaves outside the named element) stays hidden.
///
/// Coordinates are the plan's container's, which must be the viewport (the snapshot containing
/// block). The crossfade background mode's extra layer and the system background behind a
/// transparent page have no pseudo-element to live on and are left out (docs/api.md).
/// Timing is linear between keyframes, which carry the spring, and lasts the plan's duration.
enum PlanViewTransition {
    /// The view-transition-name when `options.viewTransitionName` is absent.
    static let defaultName = "loupe-zoom"

    /// One pseudo-element's rule and animation.
    private struct Part {
        var selector: String
        var layer: AnimatedLayer
    }

    static func render(_ answer: PlanAnswer) -> String {
        let plan = answer.plan
        let name = answer.request.viewTransitionName ?? defaultName
        let places = answer.request.precision ?? PlanCSS.defaultPrecision
        let duration = DecimalText.text(max(0, plan.duration) * 1000, places: places) + "ms"
        let reverse = answer.request.scene.transition.isReverse
        var css = "/* Loupe plan as a view transition: \(answer.request.scene.transition.rawValue), effect \(plan.effect.rawValue), "
        css += "\(duration), \(plan.keyframes.count) keyframes"
        if !answer.warnings.isEmpty { css += ", \(answer.warnings.count) warning(s): see format=json" }
        let (first, then) = reverse ? ("destination page", "source") : ("source", "destination page")
        css += ".\n   Give view-transition-name: \(name) to the \(first) before the update and to the \(then) after it,"
        css += "\n   then call document.startViewTransition(update). The plan's container is the viewport. */\n"
        for part in parts(of: answer, name: name) {
            css += "\n/* \(part.layer.role) */\n"
            css += PlanCSS.rule(
                part.selector, part.layer.style, places: places,
                extra: ["animation: \(name)-\(part.layer.name) \(duration) linear both;"])
            css += PlanCSS.keyframes(part.layer, named: "\(name)-\(part.layer.name)", places: places)
        }
        return css
    }

    private static func parts(of answer: PlanAnswer, name: String) -> [Part] {
        let plan = answer.plan
        let frames = PlanLayers.timedKeyframes(plan)
        let page = plan.geometry.destinationFrame
        let container = answer.request.scene.container.size
        let reverse = answer.request.scene.transition.isReverse
        let atOrigin: [AnimatedLayer.Declaration] = [
            .init(property: .position, value: .keyword("absolute")),
            .init(property: .left, value: .length(0)), .init(property: .top, value: .length(0))
        ]
        let unblended = AnimatedLayer.Declaration(property: .mixBlendMode, value: .keyword("normal"))
        let topLeft = AnimatedLayer.Declaration(property: .transformOrigin, value: .keyword("0 0"))

        let group = AnimatedLayer(
            name: "group", role: "the card: its box follows the plan's mask; its shadow draws the dimming",
            style: [.init(property: .overflow, value: .keyword("clip"))], frames: frames
        ) { keyframe in
            let mask = keyframe.mask
            var scrim = plan.dimmingColor
            scrim.alpha *= keyframe.opacity.dimming
            let shadow = keyframe.shadow
            return [
                .init(property: .width, value: .length(mask.rect.width)), .init(property: .height, value: .length(mask.rect.height)),
                .init(property: .transform, value: .matrix(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: mask.rect.x, ty: mask.rect.y))),
                // The page at rest filling the viewport is unclipped (docs/api.md), as in CSS.
                .init(property: .borderRadius, value: .length(PlanLayers.restsUnclipped(keyframe, in: answer) ? 0 : mask.cornerRadius)),
                .init(
                    property: .boxShadow,
                    value: .shadowOverScrim(
                        offsetY: shadow.offsetY, blur: 2 * shadow.radius,
                        opacity: shadow.opacity, scrim: scrim))
            ]
        }
        let pageImage = AnimatedLayer(
            name: "page", role: "the page, placed in the card by the plan's transform",
            style: atOrigin + [
                .init(property: .width, value: .length(page.width)),
                .init(property: .height, value: .length(page.height)), topLeft, unblended
            ],
            frames: frames
        ) { keyframe in
            var relative = keyframe.transform
            relative.tx -= keyframe.mask.rect.x
            relative.ty -= keyframe.mask.rect.y
            return [
                .init(property: .transform, value: .matrix(relative, extent: max(page.width, page.height))),
                .init(property: .opacity, value: .number(keyframe.opacity.destination))
            ]
        }
        let full = AnimatedLayer.Declaration(property: .width, value: .keyword("100%"))
        let snapshot = AnimatedLayer(
            name: "snapshot", role: "the source's snapshot, stretched over the card, fading out",
            style: atOrigin + [
                full, .init(property: .height, value: .keyword("100%")),
                .init(property: .zIndex, value: .keyword("1")), unblended
            ],
            frames: frames
        ) { [.init(property: .opacity, value: .number($0.opacity.sourceContent))] }
        let blurs = plan.dimmingVisualEffect != nil
        let covered = AnimatedLayer(
            name: "covered",
            role: blurs ? "the page being covered (or revealed), blurred by dimmingVisualEffect" : "the page being covered (or revealed)",
            style: [topLeft, unblended], frames: frames
        ) { keyframe in
            [
                .init(property: .transform, value: .matrix(keyframe.covered, extent: max(container.width, container.height))),
                .init(property: .opacity, value: .number(keyframe.opacity.covered))
            ] + (blurs ? [.init(property: .filter, value: .blur(keyframe.blur))] : [])
        }
        let hidden = AnimatedLayer(
            name: "hidden", role: "what the other page shows outside the named element: hidden until the end",
            style: [unblended], frames: frames
        ) { _ in [.init(property: .opacity, value: .number(0))] }

        let (before, after) = reverse ? (pageImage, snapshot) : (snapshot, pageImage)
        return [
            Part(selector: "::view-transition-group(\(name))", layer: group),
            Part(selector: "::view-transition-old(\(name))", layer: before),
            Part(selector: "::view-transition-new(\(name))", layer: after),
            Part(selector: "::view-transition-old(root)", layer: reverse ? hidden : covered),
            Part(selector: "::view-transition-new(root)", layer: reverse ? covered : hidden)
        ]
    }
}
