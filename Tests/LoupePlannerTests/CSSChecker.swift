import Foundation

/// A small CSS reader for the renderings' output, strict about what Loupe writes (until the
/// web prototype's browser test plays it): comments, rules `selector { declarations }`, and
/// `@keyframes name { percentage { declarations } ... }`. It reports every problem it finds.
struct CSSChecker {
    struct Rule {
        var selector: String
        var declarations: [(property: String, value: String)]
    }

    struct Keyframes {
        var name: String
        var frames: [(percent: Double, declarations: [(property: String, value: String)])]
    }

    private(set) var rules: [Rule] = []
    private(set) var keyframes: [Keyframes] = []
    private(set) var problems: [String] = []
    /// Whether a box-shadow may be offset sideways and coloured, as only a SwiftUI source's
    /// configured shadow is; every other must be black and straight down.
    let colouredShadows: Bool

    static let properties: Set<String> = [
        "position", "overflow", "left", "top", "width", "height", "transform-origin", "background-color",
        "transform", "clip-path", "opacity", "border-radius", "box-shadow", "animation", "mix-blend-mode", "z-index",
        "backdrop-filter", "filter",
        // `@view-transition`'s descriptors (cross-document view transitions, issue 25 §3).
        "navigation", "types"
    ]
    static let number = #"-?(\d+(\.\d+)?|\.\d+)(e[+-]?\d+)?"#
    static let length = "(0|\(number)px)"

    init(_ css: String, colouredShadows: Bool = false) {
        self.colouredShadows = colouredShadows
        var text = Substring(css)
        // Comments out first; an unterminated one is a problem.
        var stripped = ""
        while let open = text.range(of: "/*") {
            stripped += text[..<open.lowerBound]
            guard let close = text[open.upperBound...].range(of: "*/") else {
                problems.append("unterminated comment")
                text = ""
                break
            }
            text = text[close.upperBound...]
        }
        stripped += text
        var depth = 0
        for character in stripped {
            if character == "{" { depth += 1 }
            if character == "}" { depth -= 1 }
            if depth < 0 || depth > 2 { problems.append("unbalanced braces"); break }
        }
        if depth != 0 { problems.append("unbalanced braces at the end (depth \(depth))") }
        parse(Substring(stripped))
    }

    private mutating func parse(_ css: Substring) {
        var rest = css
        while let open = rest.firstIndex(of: "{") {
            let selector = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines)
            if selector.hasPrefix("@keyframes ") {
                let name = String(selector.dropFirst("@keyframes ".count))
                var frames: [(Double, [(String, String)])] = []
                var inner = rest[rest.index(after: open)...]
                while true {
                    inner = inner.drop { $0.isWhitespace }
                    if inner.first == "}" { inner = inner.dropFirst(); break }
                    guard let frameOpen = inner.firstIndex(of: "{"), let frameClose = inner.firstIndex(of: "}") else {
                        problems.append("unterminated @keyframes \(name)")
                        return
                    }
                    let selectorText = inner[..<frameOpen].trimmingCharacters(in: .whitespaces)
                    if selectorText.hasSuffix("%"), let percent = Double(selectorText.dropLast()), (0...100).contains(percent),
                        selectorText.dropLast().wholeMatch(of: try! Regex(Self.number)) != nil
                    {
                        frames.append((percent, declarations(inner[inner.index(after: frameOpen)..<frameClose])))
                    } else {
                        problems.append("keyframe selector \"\(selectorText)\" in \(name) is not a percentage from 0 to 100")
                    }
                    inner = inner[inner.index(after: frameClose)...]
                }
                keyframes.append(Keyframes(name: name, frames: frames))
                rest = inner
            } else {
                guard let close = rest[open...].firstIndex(of: "}") else { problems.append("unterminated rule \(selector)"); return }
                rules.append(Rule(selector: selector, declarations: declarations(rest[rest.index(after: open)..<close])))
                rest = rest[rest.index(after: close)...]
            }
        }
        if !rest.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problems.append("text after the last rule") }
    }

    private mutating func declarations(_ block: Substring) -> [(property: String, value: String)] {
        var result: [(String, String)] = []
        let parts = block.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        for part in parts {
            guard let colon = part.firstIndex(of: ":") else { problems.append("declaration without a colon: \(part)"); continue }
            let property = part[..<colon].trimmingCharacters(in: .whitespaces)
            let value = part[part.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            // Custom properties (`--name`) are the author's own; only Loupe's easing is expected.
            if !Self.properties.contains(property) && property != "--loupe-easing" { problems.append("unknown property \(property)") }
            if let problem = Self.check(property, value, colouredShadows: colouredShadows) { problems.append(problem) }
            result.append((property, value))
        }
        return result
    }

    /// The value grammar each property must follow, as Loupe writes it.
    static func check(_ property: String, _ value: String, colouredShadows: Bool = false) -> String? {
        let n = number, l = length
        let pattern: String
        switch property {
        case "opacity": pattern = n
        case "left", "top", "border-radius": pattern = l
        case "width", "height": pattern = "(\(l)|100%)"
        case "transform": pattern = #"matrix\(\#(n)(, \#(n)){5}\)"#
        case "clip-path": pattern = #"inset\(\#(l) \#(l) \#(l) \#(l) round \#(l)\)"#
        // Sideways and coloured only with a SwiftUI source's configured shadow.
        case "box-shadow" where colouredShadows:
            pattern = #"\#(l) \#(l) \#(l) rgba\((\d{1,3}, ){3}\#(n)\)(, 0 0 0 200vmax rgba\((\d{1,3}, ){3}\#(n)\))?"#
        case "box-shadow": pattern = #"0 \#(l) \#(l) rgba\(0, 0, 0, \#(n)\)(, 0 0 0 200vmax rgba\((\d{1,3}, ){3}\#(n)\))?"#
        case "background-color": pattern = "(#[0-9A-F]{6}([0-9A-F]{2})?|Canvas|transparent)"
        case "position": pattern = "(absolute|relative)"
        case "overflow": pattern = "(hidden|clip)"
        case "mix-blend-mode": pattern = "normal"
        case "backdrop-filter", "filter": pattern = #"blur\(\#(l)\)"#
        case "z-index": pattern = "1"
        case "transform-origin": pattern = "0 0"
        // `none`: the navigation bar's view-transition groups, which stay where they are.
        case "animation": pattern = #"none|(-?[A-Za-z_]|--)[A-Za-z0-9_-]* \#(n)ms linear both"#
        case "navigation": pattern = "auto"
        case "types": pattern = "(push|pop)"
        case "--loupe-easing": pattern = #"linear\(\#(n) \#(n)%(, \#(n) \#(n)%)+\)"#
        default: return nil
        }
        guard value.wholeMatch(of: try! Regex(pattern)) != nil else { return "\(property): \"\(value)\" is not valid" }
        if property == "opacity", let opacity = Double(value), !(0...1).contains(opacity) { return "opacity \(value) is outside 0...1" }
        return nil
    }
}
