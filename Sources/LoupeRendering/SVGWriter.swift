/// Builds an SVG document as text, escaping every attribute value and text node, so request
/// text (view-controller names) can never break the XML.
public struct SVGWriter {
    private(set) var text = ""

    /// Opens `<svg>` with a `<title>` and `<desc>` (what screen readers and file browsers show)
    /// and a white background, since viewers differ on what a transparent one looks like.
    public init(width: Double, height: Double, title: String, description: String) {
        text.reserveCapacity(16_384)
        text += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Self.number(width))\" height=\"\(Self.number(height))\" "
        text += "viewBox=\"0 0 \(Self.number(width)) \(Self.number(height))\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n"
        text += "<title>\(Self.escape(title))</title>\n<desc>\(Self.escape(description))</desc>\n"
        element("rect", ["x": "0", "y": "0", "width": Self.number(width), "height": Self.number(height), "fill": "#ffffff"])
    }

    /// `<name a="…"/>`.
    public mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        text += "<"
        text += name
        append(attributes)
        text += "/>\n"
    }

    /// `<name a="…">`; pair with `close`.
    public mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String> = [:]) {
        text += "<"
        text += name
        append(attributes)
        text += ">\n"
    }

    public mutating func close(_ name: String) {
        text += "</" + name + ">\n"
    }

    /// `<text …>content</text>`, optionally with a `<title>` tooltip holding longer text.
    public mutating func label(_ content: String, _ attributes: KeyValuePairs<String, String>, tooltip: String? = nil) {
        text += "<text"
        append(attributes)
        text += ">"
        if let tooltip {
            text += "<title>"
            text += Self.escape(tooltip)
            text += "</title>"
        }
        text += Self.escape(content)
        text += "</text>\n"
    }

    /// The finished document.
    public mutating func finish() -> String {
        text += "</svg>\n"
        return text
    }

    /// Coordinates with two decimals: a hundredth of a pixel.
    public static func number(_ value: Double) -> String {
        DecimalText.text(value, places: 2)
    }

    /// Escapes markup characters, and replaces what XML 1.0 cannot hold at all (control
    /// characters other than tab, LF and CR; U+FFFE and U+FFFF) with U+FFFD.
    public static func escape(_ text: String) -> String {
        // Most text (numbers, ids, view-controller names) needs nothing: one pass over its bytes
        // finds that, and the text is kept as it is. 0xEF may start U+FFFE or U+FFFF.
        var utf8 = text
        let clean = utf8.withUTF8 { bytes in
            bytes.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0xEF: false
                case 0x09, 0x0A, 0x0D: true
                default: byte >= 0x20
                }
            }
        }
        return clean ? text : escapeEveryScalar(text)
    }

    /// `escape` without its fast path: every scalar looked at.
    public static func escapeEveryScalar(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Text measured for layout: an estimate (0.62 em per character suits DejaVu Sans and
    /// Helvetica), so labels are given room without a font engine.
    public static func width(of text: String, size: Double) -> Double {
        Double(text.count) * size * 0.62
    }

    /// `text` broken at spaces into lines of at most `width` pixels (by the estimate above); a
    /// word longer than a line gets a line of its own.
    public static func wrap(_ text: String, width: Double, size: Double) -> [String] {
        let limit = max(1, Int(width / (size * 0.62)))
        var lines: [String] = []
        var line = ""
        // The line's length in characters, kept as words are added rather than counted again
        // for each word (notes can be long); counted afresh where the space between two words
        // might join a character (either side not ASCII), so it always equals `line.count`.
        var lineCount = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            let wordCount = word.count
            if !line.isEmpty, lineCount + 1 + wordCount > limit {
                lines.append(line)
                line = ""
            }
            if line.isEmpty {
                line = String(word)
                lineCount = wordCount
            } else {
                let plainJoin = line.last?.isASCII == true && word.first?.isASCII == true
                line += " " + word
                lineCount = plainJoin ? lineCount + 1 + wordCount : line.count
            }
        }
        lines.append(line)
        return lines
    }

    /// ` a="…"` for each attribute, appended in place (a swimlane has thousands of elements, and
    /// building each attribute list as strings of its own cost a third of the rendering).
    private mutating func append(_ attributes: KeyValuePairs<String, String>) {
        for (name, value) in attributes {
            text += " "
            text += name
            text += "=\""
            text += Self.escape(value)
            text += "\""
        }
    }
}
