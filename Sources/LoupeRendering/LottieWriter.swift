import LoupeJSON

/// Spells `LottieLayer`s as Lottie JSON (https://lottiefiles.github.io/lottie-docs/), with every
/// field the strictest player decodes as required (lottie-ios decodes the document with
/// `Codable`: `ks`, `ip`, `op`, `st` on every layer; integer `w`/`h`/`ind`/`ty`).
///
/// Animated properties have one keyframe per frame, linear: each keyframe but the last carries
/// `"i": {"x": 1, "y": 1}, "o": {"x": 0, "y": 0}` (a cubic Bézier through (0, 0) and (1, 1) is the
/// identity), and the last is only `{"t", "s"}`: a last keyframe with tangents makes rlottie
/// draw nothing after frame 0.
public struct LottieWriter: ~Copyable {
    public var json: JSONWriter
    /// Decimals of every non-integer number.
    public let places: Int
    /// The layers' out point: the composition's `op`.
    public let outPoint: Int

    public init(json: consuming JSONWriter, places: Int, outPoint: Int) {
        self.json = json
        self.places = places
        self.outPoint = outPoint
    }

    /// `layers` under the current key, first = top (Lottie draws the list bottom-up from its end).
    public mutating func layers(_ layers: [LottieLayer]) {
        json.beginArray()
        for (index, layer) in layers.enumerated() { write(layer, index: index + 1) }
        json.endArray()
    }

    private mutating func write(_ layer: LottieLayer, index: Int) {
        json.beginObject()
        json.member("ddd", 0)
        json.member("ind", index)
        switch layer.content {
        case .precomposition: json.member("ty", 0)
        case .image: json.member("ty", 2)
        case .roundedRect, .stackedRoundedRects: json.member("ty", 4)
        }
        json.member("nm", layer.name)
        switch layer.matte {
        case .none: break
        case .isMatte: json.member("td", 1)
        case .alphaMatted: json.member("tt", 1)
        }
        json.member("sr", 1)
        json.name("ks")
        json.beginObject()
        json.name("a")
        property(.constant([0, 0, 0]))
        json.name("p")
        property(layer.position)
        json.name("s")
        property(layer.scale, keepingDigits: true)
        json.name("r")
        property(.constant([0]))
        json.name("o")
        property(layer.opacity)
        json.endObject()
        json.member("ao", 0)
        switch layer.content {
        case .precomposition(let asset, let width, let height):
            json.member("refId", asset)
            json.name("w")
            json.number(width, places: places)
            json.name("h")
            json.number(height, places: places)
        case .image(let asset):
            json.member("refId", asset)
        case .roundedRect(let rect, let fill, let fillOpacity):
            json.name("shapes")
            json.beginArray()
            group(rect, fill: .constant(fill), fillOpacity: fillOpacity, name: layer.name)
            json.endArray()
        case .stackedRoundedRects(let rects, let fill, let fillOpacities):
            json.name("shapes")
            json.beginArray()
            for (index, (rect, opacity)) in zip(rects, fillOpacities).enumerated() {
                group(rect, fill: fill, fillOpacity: opacity, name: "\(layer.name) \(index + 1)")
            }
            json.endArray()
        }
        json.member("ip", 0)
        json.member("op", outPoint)
        json.member("st", 0)
        json.member("bm", 0)
        json.endObject()
    }

    /// A shape group: the rect, its fill, and the group's (identity) transform, which players
    /// expect as the group's last item.
    /// - Parameter fill: RGB 0...1, per frame or constant.
    private mutating func group(_ rect: LottieRoundedRect, fill: LottieProperty, fillOpacity: Double, name: String) {
        json.beginObject()
        json.member("ty", "gr")
        json.member("nm", name)
        json.name("it")
        json.beginArray()
        json.beginObject()
        json.member("ty", "rc")
        json.member("nm", "rect")
        json.member("d", 1)
        json.name("p")
        property(rect.centre)
        json.name("s")
        property(rect.size, keepingDigits: true)
        json.name("r")
        property(rect.radius)
        json.endObject()
        json.beginObject()
        json.member("ty", "fl")
        json.member("nm", "fill")
        json.name("c")
        property(LottieProperty(fill.values.map { $0 + [1] }))
        json.name("o")
        property(.constant([fillOpacity]))
        json.member("r", 1)
        json.endObject()
        json.beginObject()
        json.member("ty", "tr")
        for (key, value) in [("p", [0.0, 0]), ("a", [0, 0]), ("s", [100, 100]), ("r", [0]), ("o", [100]), ("sk", [0]), ("sa", [0])] {
            json.name(key)
            property(.constant(value))
        }
        json.endObject()
        json.endArray()
        json.endObject()
    }

    /// `{"a": 0, "k": value}` (a one-number value as a number), or `{"a": 1, "k": [keyframes]}`.
    /// A scale or a size keeps three significant digits (`keepingDigits`, issue 35 §2), so no
    /// precision rounds a small card or a thin mask to 0.
    public mutating func property(_ property: LottieProperty, keepingDigits: Bool = false) {
        json.beginObject()
        if property.isStatic, let value = property.values.first {
            json.member("a", 0)
            json.name("k")
            if value.count == 1 {
                json.number(value[0], places: keepingDigits ? SignificantDigits.places(places, keeping: value[0]) : places)
            } else {
                numbers(value, keepingDigits: keepingDigits)
            }
        } else {
            json.member("a", 1)
            json.name("k")
            json.beginArray()
            for (frame, value) in property.values.enumerated() {
                json.beginObject()
                json.member("t", frame)
                json.name("s")
                numbers(value, keepingDigits: keepingDigits)
                if frame < property.values.count - 1 {
                    json.name("i")
                    tangent(1)
                    json.name("o")
                    tangent(0)
                }
                json.endObject()
            }
            json.endArray()
        }
        json.endObject()
    }

    private mutating func tangent(_ value: Int) {
        json.beginObject()
        json.member("x", value)
        json.member("y", value)
        json.endObject()
    }

    public mutating func numbers(_ values: [Double], keepingDigits: Bool = false) {
        json.beginArray()
        for value in values {
            json.number(value, places: keepingDigits ? SignificantDigits.places(places, keeping: value) : places)
        }
        json.endArray()
    }
}
