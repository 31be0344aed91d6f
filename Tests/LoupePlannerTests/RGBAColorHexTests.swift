import LoupeGeometry
import LoupeTestSupport
import Testing

@testable import LoupePlanner

/// The colour spelling every rendering writes: two upper-case hex digits per component,
/// rounded from 0...1 to 0...255, alpha only when not opaque.
@Suite("RGBAColor hex")
struct RGBAColorHexTests {
    @Test("opaque, translucent, clamped and non-finite components")
    func spellings() {
        #expect(RGBAColor.black.hex == "#000000")
        #expect(RGBAColor(red: 1, green: 0.5, blue: 0.2).hex == "#FF8033")
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.4).hex == "#00000066")
        #expect(RGBAColor(red: 2, green: -1, blue: .nan, alpha: 1.5).hex == "#FF0000")
        #expect(RGBAColor(red: 0, green: 0, blue: 0, alpha: .nan).hex == "#00000000")
    }

    @Test("every component value spells its byte", arguments: PropertySeeds.seeds(count: 4))
    func components(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        func spelled(_ component: Double) -> String {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            let digits = Array("0123456789ABCDEF")
            return String([digits[byte / 16], digits[byte % 16]])
        }
        for _ in 0..<500 {
            let red = generator.double(in: -0.1...1.1), green = generator.double(in: 0...1)
            let blue = generator.double(in: 0...1), alpha = generator.double(in: 0...1.2)
            let expected = "#" + spelled(red) + spelled(green) + spelled(blue) + (alpha >= 1 ? "" : spelled(alpha))
            #expect(RGBAColor(red: red, green: green, blue: blue, alpha: alpha).hex == expected)
        }
    }
}
