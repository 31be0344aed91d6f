import LoupeRendering
import LoupeTestSupport
import Testing

@testable import LoupePlanner

/// Regression tests for the SVG writer's fast paths (the swimlane of the largest accepted
/// lifecycle script took longer than the 60 ms budget): each must give what the plain
/// definitions below give.
@Suite("SVGWriter")
struct SVGWriterTests {
    /// The wrap as first written: the line counted again for every word.
    private static func plainWrap(_ text: String, width: Double, size: Double) -> [String] {
        let limit = max(1, Int(width / (size * 0.62)))
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        lines.append(line)
        return lines
    }

    private static let pieces = [
        "a", "view", "Controller", " ", "  ", "&", "<", ">", "\"", "'", "\t", "\n", "\u{1}", "\u{FFFE}", "\u{FFFF}", "\u{FFFD}",
        "é", "e\u{301}", "\u{301}", "🙂", "👍🏽", "\u{600}", "K", "\u{212A}", "日本"
    ]

    @Test("escaping gives what escaping every scalar gives, and wrapping what the plain wrap gives, over random text")
    func fastPaths_matchPlainDefinitions() {
        var generator = SeededGenerator(seed: 0x5356_4757)
        for _ in 0..<3_000 {
            let text = (0..<generator.int(in: 0...30)).map { _ in generator.element(of: Self.pieces) }.joined()
            #expect(SVGWriter.escape(text) == SVGWriter.escapeEveryScalar(text), "\(text.debugDescription)")
            let width = generator.double(in: 10...400)
            #expect(SVGWriter.wrap(text, width: width, size: 11) == Self.plainWrap(text, width: width, size: 11), "\(text.debugDescription)")
        }
    }
}
