import LoupeGeometry
import LoupeJSON
import LoupeLifecycle

/// A decoded, range-checked `POST /v1/plans` body: the engine's scene plus what only the API
/// layer uses (strict mode, number precision, callback order, unknown fields).
public struct PlanRequest: Sendable, Hashable {
    public var scene: ZoomScene
    /// `options.strict`: every warning becomes a 422. Default false.
    public var strict: Bool
    /// `options.precision`: decimal places for numbers in the answer (0...6); nil = shortest
    /// text that reads back exactly.
    public var precision: Int?
    /// `callbackOrder`: which cancelled-pop order the lifecycle engine follows. It does not change
    /// a plan's single uninterrupted transition today; it is accepted so one setting serves both
    /// routes. Default `.article`.
    public var callbackOrder: CallbackOrder
    /// `options.viewTransitionName`: the view-transition-name the `view-transition` rendering
    /// animates (a CSS custom ident); nil = `loupe-zoom`.
    public var viewTransitionName: String?
    /// `options.viewTransitionClass`: a `view-transition-class` the `view-transition` rendering's
    /// rules select (`::view-transition-group(*.CLASS)`), so one stylesheet serves every element
    /// of that class whatever its name; nil = select by name.
    public var viewTransitionClass: String?
    /// `options.viewTransitionNavigation`: same-document (default) or cross-document.
    public var viewTransitionNavigation: ViewTransitionNavigation
    /// `options.viewTransitionGroup`: whether the card nests named elements (`contain`).
    public var viewTransitionGroup: ViewTransitionGrouping
    /// `options.easingTolerance`: the largest difference from the plan's progress the css and
    /// waapi renderings' `linear()` easing may have; nil = `SpringEasing.defaultTolerance`.
    public var easingTolerance: Double?
    /// Members the API does not know, reported as `unknown-field` warnings.
    public var unknownFields: [UnknownField]
    /// The scene resolved by the geometry engine (`GeometryEngine.resolve`) the first time a
    /// step needed it, kept for the next: the work estimate and the answer share one resolution
    /// (issue 47 §3). Not part of the request's identity, and used only while it is of `scene`.
    var resolution = GeometryResolution()

    public init(
        scene: ZoomScene, strict: Bool = false, precision: Int? = nil, callbackOrder: CallbackOrder = .article,
        viewTransitionName: String? = nil, viewTransitionClass: String? = nil,
        viewTransitionNavigation: ViewTransitionNavigation = .sameDocument, viewTransitionGroup: ViewTransitionGrouping = .normal,
        easingTolerance: Double? = nil, unknownFields: [UnknownField] = []
    ) {
        self.scene = scene
        self.strict = strict
        self.precision = precision
        self.callbackOrder = callbackOrder
        self.viewTransitionName = viewTransitionName
        self.viewTransitionClass = viewTransitionClass
        self.viewTransitionNavigation = viewTransitionNavigation
        self.viewTransitionGroup = viewTransitionGroup
        self.easingTolerance = easingTolerance
        self.unknownFields = unknownFields
    }
}
