/// A 2-D affine transform in CSS `matrix(a, b, c, d, e, f)` order:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
///
/// The engine uses it to map destination-local points (origin at the destination view's top-left)
/// to container points. It is the same layout as `CGAffineTransform`, so a UIKit renderer can use
/// the six numbers unchanged.
public struct AffineTransform: Sendable, Hashable {
    public var a: Double
    public var b: Double
    public var c: Double
    public var d: Double
    public var tx: Double
    public var ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A uniform scale by `scale` followed by a translation of (`tx`, `ty`) points.
    public static func scale(_ scale: Double, thenTranslate tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: tx, ty: ty)
    }

    /// A pure translation.
    public static func translation(_ tx: Double, _ ty: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Where `point` lands.
    public func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of `rect` after the transform (exact for scale + translation).
    public func apply(to rect: Rect) -> Rect {
        let p0 = apply(to: rect.origin)
        let p1 = apply(to: Point(x: rect.maxX, y: rect.maxY))
        return Rect(x: p0.x, y: p0.y, width: p1.x - p0.x, height: p1.y - p0.y).standardized
    }

    /// The six numbers in CSS `matrix()` order: `[a, b, c, d, tx, ty]`.
    public var values: [Double] { [a, b, c, d, tx, ty] }

    /// All six numbers are finite (checked one by one: `values` would allocate an array, and
    /// every keyframe of every plan is checked).
    public var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}
