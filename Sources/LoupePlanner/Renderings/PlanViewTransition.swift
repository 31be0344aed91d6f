import LoupeGeometry
import LoupeRendering

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
/// View Transitions Level 2 (issue 25 §3), each opt-in so that a request without them gets the
/// Level 1 stylesheet byte for byte: `options.viewTransitionClass` selects by class
/// (`::view-transition-group(*.CLASS)`), so the rules serve every element of the class;
/// `options.viewTransitionNavigation: cross-document` adds the `@view-transition` opt-in typed
/// `push` or `pop` and scopes every rule to `:active-view-transition-type()`, because a navigation
/// between pages has no `startViewTransition` call to hang the stylesheet on and the page
/// navigated to must tell a push from a pop; `options.viewTransitionGroup: contain` adds
/// `::view-transition-group-children`, clipped to the card's rounded mask, because nested named
/// elements otherwise escape the card's clip (a browser without nested groups drops that rule).
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

    /// What the request asks the stylesheet to target: the pseudo-elements' argument, the
    /// keyframes' prefix and, cross-document, the transition type every rule is scoped to.
    private struct Target {
        /// `NAME`, or `*.CLASS` with `options.viewTransitionClass`.
        var subject: String
        var prefix: String
        /// `push` or `pop` (cross-document only).
        var type: String?

        init(_ request: PlanRequest) {
            let name = request.viewTransitionName ?? PlanViewTransition.defaultName
            subject = request.viewTransitionClass.map { "*.\($0)" } ?? name
            let reverse = request.scene.transition.isReverse
            type = request.viewTransitionNavigation == .crossDocument ? (reverse ? "pop" : "push") : nil
            prefix = (request.viewTransitionClass ?? name) + (type.map { "-\($0)" } ?? "")
        }

        /// `::view-transition-group(SUBJECT)` (or `root`), scoped to the type cross-document.
        func selector(_ pseudo: String, _ argument: String? = nil) -> String {
            (type.map { ":root:active-view-transition-type(\($0))" } ?? "") + "::\(pseudo)(\(argument ?? subject))"
        }
    }

    static func render(_ answer: PlanAnswer) -> String {
        let plan = answer.plan
        let request = answer.request
        let name = request.viewTransitionName ?? defaultName
        let target = Target(request)
        let places = request.precision ?? PlanCSS.defaultPrecision
        let duration = DecimalText.text(max(0, plan.duration) * 1000, places: max(places, PlanLayers.durationPlaces)) + "ms"
        let reverse = request.scene.transition.isReverse
        var css = "/* Loupe plan as a view transition: \(request.scene.transition.rawValue), effect \(plan.effect.rawValue), "
        css += "\(duration), \(plan.keyframes.count) keyframes"
        if !answer.warnings.isEmpty { css += ", \(answer.warnings.count) warning(s): see format=json" }
        let (first, then) = reverse ? ("destination page", "source") : ("source", "destination page")
        let naming =
            request.viewTransitionClass.map { "view-transition-name: \(name) (or any name unique on its page) and view-transition-class: \($0)" }
            ?? "view-transition-name: \(name)"
        if let type = target.type {
            css += ".\n   Give \(naming)\n   to the \(first) on the page navigated from and to the \(then) on the page navigated to."
            css += "\n   Link this stylesheet from the page navigated to: its @view-transition opts in and types the navigation \(type)"
            css += "\n   (the other page opts in with @view-transition { navigation: auto; }). The plan's container is the viewport."
        } else {
            css += ".\n   Give \(naming) to the \(first) before the update and to the \(then) after it,"
            css += "\n   then call document.startViewTransition(update). The plan's container is the viewport."
        }
        if request.viewTransitionGroup == .contain {
            css += "\n   Give the card's element view-transition-group: contain: named elements inside it then nest in"
            css += "\n   ::view-transition-group-children(\(target.subject)), clipped below to the card's rounded mask (nested view"
            css += "\n   transition groups, Chromium 140+; a browser without them drops that rule and draws them unclipped above the card)."
        }
        css += " */\n"
        if let type = target.type {
            css += "\n/* cross-document: both pages opt in; this one types the navigation */\n"
            css += "@view-transition {\n  navigation: auto;\n  types: \(type);\n}\n"
        }
        if answer.plan.navigationBar != nil {
            css += "\n/* The navigation bar, pinned above the card while its items cross-fade: give\n"
            css += "   view-transition-name: \(name)-bar to the bar's items on both pages (the same place on each) and\n"
            css += "   view-transition-name: \(name)-back-button to the pushed page's back button. */\n"
            // Pinned: the bar's box is where it is on both pages, so its group does not move,
            // and it stays above the card's group.
            css += PlanCSS.rule(
                target.selector("view-transition-group", "\(name)-bar"),
                [.init(property: .zIndex, value: .keyword("1"))], places: places, extra: ["animation: none;"])
            css += PlanCSS.rule(
                target.selector("view-transition-group", "\(name)-back-button"),
                [.init(property: .zIndex, value: .keyword("1"))], places: places, extra: ["animation: none;"])
        }
        for part in parts(of: answer, target: target) {
            css += "\n/* \(part.layer.role) */\n"
            css += PlanCSS.rule(
                part.selector, part.layer.style, places: places,
                extra: ["animation: \(target.prefix)-\(part.layer.name) \(duration) linear both;"])
            css += PlanCSS.keyframes(part.layer, named: "\(target.prefix)-\(part.layer.name)", places: places)
        }
        return css
    }

    private static func parts(of answer: PlanAnswer, target: Target) -> [Part] {
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

        // The page at rest filling the viewport is unclipped (docs/api.md), as in CSS.
        func cornerRadius(_ keyframe: Keyframe) -> AnimatedLayer.Declaration {
            .init(property: .borderRadius, value: .length(PlanLayers.restsUnclipped(keyframe, in: answer) ? 0 : keyframe.mask.cornerRadius))
        }
        let group = AnimatedLayer(
            name: "group", role: "the card: its box follows the plan's mask; its shadow draws the dimming",
            style: [.init(property: .overflow, value: .keyword("clip"))], frames: frames
        ) { keyframe in
            let mask = keyframe.mask
            var scrim = plan.dimmingColor
            scrim.alpha *= keyframe.opacity.dimming
            let shadow = keyframe.shadow
            var values: [AnimatedLayer.Declaration] = [
                .init(property: .width, value: .length(mask.rect.width)), .init(property: .height, value: .length(mask.rect.height)),
                .init(property: .transform, value: .matrix(AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: mask.rect.x, ty: mask.rect.y))),
                cornerRadius(keyframe),
                .init(
                    property: .boxShadow,
                    value: .shadowOverScrim(
                        offsetX: shadow.offsetX, offsetY: shadow.offsetY, blur: 2 * shadow.radius,
                        opacity: shadow.opacity, color: shadow.color, scrim: scrim))
            ]
            // SwiftUI's background(_:): the group's own background, behind both images, while
            // the card flies (only with one, so other stylesheets keep their bytes).
            if let fill = plan.sourceBackground {
                values.append(.init(property: .backgroundColor, value: .keyword(keyframe == plan.keyframes.last ? "transparent" : fill.hex)))
            }
            return values
        }
        let children = AnimatedLayer(
            name: "children", role: "the named elements nested in the card (view-transition-group: contain), clipped to its rounded mask",
            style: [.init(property: .overflow, value: .keyword("clip"))], frames: frames
        ) { [cornerRadius($0)] }
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
        let nested =
            answer.request.viewTransitionGroup == .contain ? [Part(selector: target.selector("view-transition-group-children"), layer: children)] : []
        var bar: [Part] = []
        if let navigationBar = plan.navigationBar {
            let name = answer.request.viewTransitionName ?? defaultName
            func items(_ layerName: String, _ role: String, _ opacity: @escaping (NavigationBarOpacities) -> Double) -> AnimatedLayer {
                AnimatedLayer(name: layerName, role: role, style: [unblended], frames: frames) {
                    [.init(property: .opacity, value: .number(opacity(navigationBar.opacities(at: $0.time))))]
                }
            }
            let covered = items("bar-covered", "the navigation bar's items of the covered page, pinned above the card") { $0.coveredItems }
            let pushed = items("bar-destination", "the navigation bar's items of the pushed page, pinned above the card") { $0.destinationItems }
            let back = items("bar-back-button", "the pushed page's back button, pinned above the card") { $0.backButton }
            // Before the update the bar shows the page being left; after it, the page arrived at.
            let (old, new) = reverse ? (pushed, covered) : (covered, pushed)
            bar = [
                Part(selector: target.selector("view-transition-old", "\(name)-bar"), layer: old),
                Part(selector: target.selector("view-transition-new", "\(name)-bar"), layer: new),
                Part(selector: target.selector(reverse ? "view-transition-old" : "view-transition-new", "\(name)-back-button"), layer: back)
            ]
        }
        return [
            Part(selector: target.selector("view-transition-group"), layer: group),
            Part(selector: target.selector("view-transition-old"), layer: before),
            Part(selector: target.selector("view-transition-new"), layer: after)
        ] + nested + [
            Part(selector: target.selector("view-transition-old", "root"), layer: reverse ? hidden : covered),
            Part(selector: target.selector("view-transition-new", "root"), layer: reverse ? covered : hidden)
        ] + bar
    }
}
