import LoupeGeometry

/// A scene's geometry resolved once (`GeometryEngine.resolve`), carried with the request that
/// holds the scene, so the work estimate and the answer do not each resolve it (issue 47 §3:
/// the estimate's second geometry was 2.6 % of a computed plan's profile).
///
/// Not part of the request's identity: two requests are equal, and hash alike, whatever either
/// has resolved. It answers only for the very scene it resolved, so a request whose scene is
/// changed after resolving resolves again.
struct GeometryResolution: Sendable, Hashable {
    private var resolved: (scene: ZoomScene, outcome: Result<ZoomPlan, GeometryError>)?

    /// `scene` resolved: from what is kept when it is of `scene`, else resolved now and kept.
    mutating func resolve(_ scene: ZoomScene) -> Result<ZoomPlan, GeometryError> {
        if let resolved, resolved.scene == scene { return resolved.outcome }
        let outcome = Result { () throws(GeometryError) in try GeometryEngine.resolve(scene) }
        resolved = (scene, outcome)
        return outcome
    }

    static func == (lhs: GeometryResolution, rhs: GeometryResolution) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
