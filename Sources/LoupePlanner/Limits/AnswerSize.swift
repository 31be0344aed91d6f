import LoupeGeometry
import LoupeLifecycle

/// Per-item byte costs of each rendering, measured on the examples, on the heaviest accepted
/// requests and on random ones (see `AnswerSizeTests`, which checks that every estimate stays
/// at or above the real size and within three times it, over every example and seeded random
/// requests in every format, so a renderer that grows past its estimate fails a test). Numbers print at most 17 significant digits,
/// so a keyframe's size has a firm ceiling; names are counted as they are.
enum AnswerSize {
    /// Fixed part of an answer: the envelope, titles, legends.
    static func envelope(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .waapi, .junit: 1_024
        case .css, .svg, .viewTransition: 2_048
        // The layers' fixed fields, the image assets and their placeholder PNGs.
        case .lottie: 6_144
        }
    }

    /// The plan picture's fixed panels (eight filmstrip frames and the overview).
    static let filmstrip = 14_336

    /// One keyframe of a plan that runs `effect`: a zoom's (and a timeline's) is `keyframe`. A
    /// slide or a cover moves the page alone (Lottie then draws fewer layers); a fade in place
    /// (`fadeKeyframe`) animates opacities only, which the animated renderings write alone, so a
    /// zoom's figure would overstate it up to thirteen times and refuse answers far under the
    /// limit. Measured on seeded random plans (`AnswerSizeTests`): long plans' largest keyframes
    /// were, in bytes, slide 559 css, 608 waapi, 257 view transition, 691 Lottie; cover 477, 512,
    /// 201, 524.
    static func keyframe(_ format: RenderingFormat, effect: TransitionEffect) -> Int {
        if effect.fadesInPlace { return fadeKeyframe(format) }
        switch (effect, format) {
        case (.slide, .lottie), (.coverVertical, .lottie): return 900
        default: return keyframe(format)
        }
    }

    /// One keyframe in a plan or timeline.
    static func keyframe(_ format: RenderingFormat) -> Int {
        switch format {
        // junit: a conformance verdict has no keyframes (not offered for plans or timelines).
        case .json, .junit: 600
        case .css: 750
        case .waapi: 750
        // A progress dot: `<circle cx=… cy=… r=… fill=…/>`, up to 72 bytes with a wide chart's
        // coordinates (a random 960-point dismissal measured 1.02 times the former 60).
        case .svg: 72
        case .viewTransition: 500
        // 1,700 before the covered page shrank under a zoom (issue 35 §3): its three layers'
        // position and scale now animate on every frame (a 240 fps plan at six decimals
        // measured 1.2 times the former figure, 1.27 with a source).
        case .lottie: 2_200
        }
    }

    /// One keyframe of a fade in place (a popover's fade, Reduce Motion's cross-fade), whose
    /// web and Lottie layers mostly hold still and collapse to their ends: only opacities move
    /// (measured on the examples: 57 bytes of CSS, 61 of WAAPI, 38 of view transition, 231 of
    /// Lottie per keyframe; the seeded random popovers, with the covered page's opacity and a
    /// crossfade background, reached about 100 of CSS and WAAPI and 61 of view transition). JSON
    /// and SVG keyframes cost what a zoom's do.
    static func fadeKeyframe(_ format: RenderingFormat) -> Int {
        switch format {
        case .css, .waapi: 150
        case .viewTransition: 70
        case .lottie: 350
        case .json, .svg, .junit: keyframe(format)
        }
    }

    /// The most trace entries an answer in `format` of at most `maxAnswerBytes` can hold by the
    /// size estimate (`trace` counts at least `traceEntry` bytes an entry, beside the envelope):
    /// a trace with more is refused whatever else the answer holds.
    static func traceEntries(within maxAnswerBytes: Int, as format: RenderingFormat) -> Int {
        max(0, maxAnswerBytes - envelope(format)) / traceEntry(format)
    }

    /// One trace entry (a callback, a state or a delegate call), without its names.
    static func traceEntry(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .junit: 170
        case .svg: 420
        case .css, .waapi, .viewTransition, .lottie: 170
        }
    }

    /// A Lottie keyframe's extra cost when the plan zooms from a source: the source snapshot,
    /// its matte and the source slot animate too.
    static let lottieSourceLayers = 400

    /// A Lottie rendering (no callbacks or warnings: it has neither).
    static func lottie(_ plan: ZoomPlan) -> Int {
        envelope(.lottie) + plan.keyframes.count
            * (keyframe(.lottie, effect: drawnEffect(plan)) + (plan.sourceFrame == nil ? 0 : lottieSourceLayers)
                + (plan.sourceBackground == nil ? 0 : sourceBackground(.lottie))
                + (plan.navigationBar == nil ? 0 : navigationBar(.lottie))
                + (plan.sourceShadow == nil ? 0 : sourceShadow(.lottie)))
            + (plan.navigationBar == nil ? 0 : navigationBarFixed(.lottie))
    }

    /// The effect whose layers the renderings draw: a zoom's for any plan with a zoom's geometry
    /// (iOS 26's popover from a bar button grows like one, issue 35 §4), else the plan's own.
    static func drawnEffect(_ plan: ZoomPlan) -> TransitionEffect {
        if case .zoom = plan.geometry { return .zoom }
        return plan.effect
    }

    /// A keyframe's extra cost in crossfade mode: the JSON `layers` (two transforms, masks and
    /// opacities), the css and waapi `page` layer; the view transition and Lottie do not draw it.
    static func crossfadeLayers(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .junit: 520
        case .css, .waapi: 320
        // The picture draws layers in its eight panels only: within `filmstrip`.
        case .svg, .viewTransition, .lottie: 0
        }
    }

    /// A keyframe's extra cost with `dimmingVisualEffect`: `blur` in JSON, the css and waapi
    /// `blur` layer, the view transition's `filter`, the SVG label.
    static func blur(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .junit: 32
        case .css, .waapi, .viewTransition: 56
        case .svg, .lottie: 0
        }
    }

    /// A keyframe's extra cost with a SwiftUI source's `background`: the css and waapi
    /// `source-background` layer (the card's box and opacity), the view transition's
    /// `background-color`, Lottie's `source-background` shape (measured at 240 fps and six
    /// decimals: 135, 147, 29 and 265 bytes; JSON writes the colour once).
    static func sourceBackground(_ format: RenderingFormat) -> Int {
        switch format {
        case .css: 180
        case .waapi: 190
        case .viewTransition: 40
        case .lottie: 340
        case .json, .svg, .junit: 0
        }
    }

    /// The SVG's fills of a source background: one rect in each of the filmstrip's panels but the
    /// resting one (measured 744 bytes), and the JSON's member.
    static let sourceBackgroundFills = 1_200

    /// A keyframe's extra cost with a SwiftUI source's configured shadow: JSON's `offsetX` and
    /// `color` in every shadow, the css, waapi and view transition box-shadow's sideways offset
    /// and colour, and Lottie's shadow rings' colour and offset per frame.
    static func sourceShadow(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .junit: 64
        case .css, .waapi, .viewTransition: 32
        case .lottie: 320
        case .svg: 0
        }
    }

    /// A keyframe's extra cost with `options.navigationBar`: JSON's three opacities (at full
    /// precision), three opacity layers in css, waapi and the view transition, three Lottie
    /// opacity properties (measured at 240 fps and six decimals: 75, 26, 25, 28 and 177 bytes).
    static func navigationBar(_ format: RenderingFormat) -> Int {
        switch format {
        case .json, .junit: 140
        case .css, .waapi, .viewTransition: 90
        case .lottie: 240
        case .svg: 0
        }
    }

    /// The bar's fixed cost: its frame in JSON, its rules' headers, Lottie's three assets, and
    /// in the SVG its outline, button and titles in each panel (measured 2.7 KB).
    static func navigationBarFixed(_ format: RenderingFormat) -> Int {
        format == .svg ? 4_000 : 1_500
    }

    /// One stop of the css and waapi renderings' `linear()` easing: `-0.12345 12.3456%, `, at most
    /// 20 bytes; counted apart because a tight `options.easingTolerance` on a bouncy spring asks
    /// for hundreds of them, independent of the keyframe count.
    static let easingStop = 24

    /// A keyframe's point on the SVG progress curve when there are too many for dots.
    static let curvePoint = 24

    /// One warning or note.
    static let warning = 400

    /// The trace entries' size in `format`: a fixed part each plus its view controller's name,
    /// counted twice (SVG writes it in a label and a tooltip; JSON in the entry and again in
    /// the final state and notes).
    static func trace(_ entries: [TraceEntry], _ format: RenderingFormat) -> Int {
        let perName = 2
        var total = entries.count * traceEntry(format)
        for entry in entries { total += entry.viewController.utf8.count * perName }
        return total
    }
}

extension PlanEndpoint {
    public static func estimatedBytes(of answer: PlanAnswer, as format: RenderingFormat) -> Int {
        if format == .lottie { return AnswerSize.lottie(answer.plan) }
        let plan = answer.plan
        // Past `ProgressChart.maximumDots` keyframes the picture draws the curve without dots.
        let base =
            format == .svg && plan.keyframes.count > ProgressChart.maximumDots
            ? AnswerSize.curvePoint : AnswerSize.keyframe(format, effect: AnswerSize.drawnEffect(plan))
        let perKeyframe =
            base
            + (plan.keyframes.first?.layers == nil ? 0 : AnswerSize.crossfadeLayers(format))
            + (plan.dimmingVisualEffect == nil ? 0 : AnswerSize.blur(format))
            + (plan.sourceBackground == nil ? 0 : AnswerSize.sourceBackground(format))
            + (plan.navigationBar == nil ? 0 : AnswerSize.navigationBar(format))
            + (plan.sourceShadow == nil ? 0 : AnswerSize.sourceShadow(format))
        let fills =
            (plan.sourceBackground == nil ? 0 : AnswerSize.sourceBackgroundFills)
            + (plan.navigationBar == nil ? 0 : AnswerSize.navigationBarFixed(format))
        let easing = format == .css || format == .waapi ? SpringEasing.stopCountBound(for: answer) * AnswerSize.easingStop : 0
        return AnswerSize.envelope(format) + (format == .svg ? AnswerSize.filmstrip : 0) + easing + fills
            + plan.keyframes.count * perKeyframe
            + AnswerSize.trace(answer.callbacks, format == .json ? .json : .svg) + answer.warnings.count * AnswerSize.warning
    }
}

extension LifecycleEndpoint {
    public static func estimatedBytes(of answer: LifecycleAnswer, as format: RenderingFormat) -> Int {
        AnswerSize.envelope(format) + AnswerSize.trace(answer.result.trace, format)
            + (answer.result.notes.count + answer.warnings.count) * AnswerSize.warning
    }
}

extension TimelineEndpoint {
    public static func estimatedBytes(of answer: TimelineAnswer, as format: RenderingFormat) -> Int {
        let timeline = answer.timeline
        let extra =
            (timeline.navigationBar == nil ? 0 : AnswerSize.navigationBar(format))
            + (timeline.sourceShadow == nil ? 0 : AnswerSize.sourceShadow(format))
        return AnswerSize.envelope(format) + (timeline.navigationBar == nil ? 0 : AnswerSize.navigationBarFixed(format))
            + timeline.keyframes.count * (AnswerSize.keyframe(format) + extra)
            + AnswerSize.trace(timeline.callbacks, format)
            + (timeline.notes.count + timeline.segments.count + timeline.releases.count + answer.warnings.count) * AnswerSize.warning
    }
}

extension TransitionEffect {
    /// The page fades at its own frame and nothing else moves: a popover, or Reduce Motion's
    /// cross-fade.
    var fadesInPlace: Bool { self == .popover || self == .crossfade }
}
