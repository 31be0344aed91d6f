import LoupePlanner
import LoupeRendering
import Testing

/// Regression (found by the contract's generated cases, 2026-12-03): a container of 5e-324
/// points crashed the server in the CSS rendering, where a matrix's decimals took the logarithm
/// of half its extent, 0. Every format of every such extreme plan is answered or refused, never
/// trapped.
@Suite("Plan renderings at extreme sizes")
struct ExtremeSizeRenderingTests {
    static let sizes = ["5e-324", "1e-310", "2.2250738585072014e-308", "1e-300", "1e-9", "1e300", "1.7976931348623157e308"]

    @Test("scalePlaces of a subnormal, tiny, huge or unusable extent stays within its bounds")
    func scalePlaces_ofASubnormalExtent() {
        for extent in [5e-324, 1e-310, 0, -1, .infinity, .nan, 1e-300, 1e300, .greatestFiniteMagnitude] {
            let places = StyleValue.scalePlaces(places: 2, extent: extent)
            #expect((StyleValue.unitlessPlaces...9).contains(places), "\(extent): \(places)")
        }
    }

    @Test("containers and sources of extreme sizes are answered or refused in every format", arguments: sizes)
    func extremeSizes_areAnsweredOrRefused(size: String) {
        let bodies = [
            #"{"container":{"height":\#(size),"width":\#(size)},"transition":"pop"}"#,
            #"{"container":{"height":852,"width":\#(size)},"transition":"push"}"#,
            #"{"container":{"height":852,"width":393},"source":{"frame":{"x":16,"y":120,"width":\#(size),"height":\#(size)}},"transition":"push"}"#
        ]
        for body in bodies {
            for format in PlanEndpoint.formats {
                do {
                    _ = try RenderingFixture.plan(Array(body.utf8), as: format)
                } catch {
                    #expect(error is Problem, "\(body) as \(format): \(error)")
                }
            }
        }
    }
}
