import LoupeGeometry
import LoupeLifecycle

/// The lifecycle trace that goes with a plan: the callbacks of its one transition, on the
/// keyframes' clock (starting at 0, ending when the last keyframe lands).
///
/// The two view controllers are named by their role in the zoom: "source" owns the source view
/// (the list), "destination" is the zoomed page. So a push goes source → destination and a pop
/// destination → source.
public enum PlanCallbacks {
    /// The trace's name for the view controller that owns the source view.
    public static let sourceName = "source"
    /// The trace's name for the zoomed page's view controller.
    public static let destinationName = "destination"

    /// - Throws: `Problem` 500 if the engine rejects the single transition (a bug, never input).
    ///
    /// Traces come from `traces`: plans that differ only in geometry share one.
    public static func trace(for scene: ZoomScene, plan: ZoomPlan, order: CallbackOrder) throws(Problem) -> [TraceEntry] {
        try trace(
            // A popover in a compact environment is presented as a form sheet (issue 44 §3).
            of: scene.transition, effect: plan.effect, style: PopoverAdaptation.adapted(scene).scene.destination.presentationStyle,
            keepsPresenterView: plan.keptSheetDetent != nil, duration: plan.duration, order: order, memo: traces)
    }

    /// Everything a single transition's trace depends on: its kind, whether it zooms, whether the
    /// page covers its presenter, the callback order and the duration (as bits, so -0 and NaN
    /// cannot alias).
    struct TraceKey: Equatable, Sendable {
        var kind: TransitionKind
        var zooms: Bool
        var coversPresenter: Bool
        var order: CallbackOrder
        var durationBits: UInt64
    }

    /// The traces of the last 32 distinct single transitions (there are 32 kinds without the
    /// duration; a few KB in all).
    static let traces = RecentResults<TraceKey, [TraceEntry]>(capacity: 32)

    static func trace(
        of kind: TransitionKind, effect: TransitionEffect, style: PresentationStyle, keepsPresenterView: Bool = false,
        duration: Double, order: CallbackOrder, memo: RecentResults<TraceKey, [TraceEntry]>
    ) throws(Problem) -> [TraceEntry] {
        let key = TraceKey(
            kind: kind, zooms: effect == .zoom, coversPresenter: !(keepsPresenterView || keepsPresenter(style)), order: order,
            durationBits: duration.bitPattern)
        return try memo.value(for: key) { () throws(Problem) in
            try buildTrace(
                singleTransition(kind, effect: effect, style: style, keepsPresenterView: keepsPresenterView), duration: duration,
                order: order)
        }
    }

    /// The lifecycle engine's trace, without the memo.
    static func buildTrace(_ transition: SingleTransition, duration: Double, order: CallbackOrder) throws(Problem) -> [TraceEntry] {
        do {
            return try LifecycleEngine.trace(of: transition, duration: duration, callbackOrder: order)
        } catch {
            throw Problem(.internalError, detail: "The callback trace could not be built for this plan.")
        }
    }

    /// Whether the page keeps its presenter's view (no appearance callbacks for it).
    static func keepsPresenter(_ style: PresentationStyle) -> Bool {
        style == .overFullScreen || style == .popover
    }

    /// The lifecycle engine's view of the transition.
    ///
    /// Presentation styles: overFullScreen keeps the presenter's view (no appearance callbacks),
    /// and so does a popover, which never covers its presenter; every other style is full screen,
    /// which is also how zoom shows sheets before iOS 26 ("Zoom transitions" guide). Only a zoom
    /// can be grabbed, so fallback effects trace as `.standard` transitions.
    /// - Parameter keepsPresenterView: iOS 26 keeps a zooming sheet at its detent, which leaves the
    ///   presenter's view in place as UIKit's page and form sheets always have.
    static func singleTransition(
        _ kind: TransitionKind, effect: TransitionEffect, style: PresentationStyle, keepsPresenterView: Bool = false
    ) -> SingleTransition {
        let source = sourceName, destination = destinationName
        let transition: TransitionStyle = effect == .zoom ? .zoom : .standard
        let keepsView = keepsPresenterView || keepsPresenter(style)
        let modalStyle: Presentation.Style = keepsView ? .overFullScreen : .fullScreen
        switch kind {
        case .push: return .push(from: source, to: destination, transition: transition)
        case .pop: return .pop(from: destination, to: source)
        case .present: return .present(from: source, to: destination, style: modalStyle, transition: transition)
        case .dismiss: return .dismiss(from: destination, to: source, style: modalStyle)
        }
    }
}
