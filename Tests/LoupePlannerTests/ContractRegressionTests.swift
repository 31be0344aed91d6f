import LoupeJSON
import LoupePlanner
import Testing

/// What the contract tests (the example walker and schemathesis) found, pinned in the planner so
/// it stays fixed without a server.
@Suite("Contract regressions")
struct ContractRegressionTests {
    /// An alignment rect of 1e-300 pt scales the page by ~1e302: finite, so the plan stands.
    static let hugeScale =
        #"{"transition":"push","container":{"width":393,"height":852},"source":{"frame":{"x":10,"y":10,"width":100,"height":100}},"destination":{"alignmentRect":{"x":0,"y":0,"width":1e-300,"height":1e-300}},"options":{"precision":6}}"#

    /// Rounding to `options.precision` multiplied a ~1e302 scale by 10^6, overflowed to infinity
    /// and wrote `null` where the schema promises a number.
    @Test("precision never turns a huge finite number into null")
    func precision_keepsHugeNumbersNumbers() throws {
        let text = String(decoding: try PlanEndpoint.answer(body: Array(Self.hugeScale.utf8)), as: UTF8.self)
        #expect(!text.contains("null"))
        let plan = try JSONReader.parse(Array(text.utf8))
        #expect((plan["keyframes"]?[0]?["transform"]?[0]?.number ?? 0) > 1e300)
    }

    /// The spec now says so (every optional member is nullable); the server always read null as
    /// absent, except that a null `dampingRatio` in a duration-form spring came back as an
    /// `unknown-field` warning, since that branch never read it.
    @Test(
        "an optional member that is null reads as absent",
        arguments: [
            (#""animation":{"spring":{"dampingRatio":null}}"#, #""animation":{"spring":{}}"#),
            (#""options":{"precision":null,"strict":null}"#, #""options":{}"#),
            (#""callbackOrder":null,"platform":null"#, #""callbackOrder":"article""#)
        ])
    func nullOptionalMember_isAbsent(withNull: String, equivalent: String) throws {
        let nulls = String(decoding: try PlanEndpoint.answer(body: Array(Fixture.adding(withNull).utf8)), as: UTF8.self)
        let plain = String(decoding: try PlanEndpoint.answer(body: Array(Fixture.adding(equivalent).utf8)), as: UTF8.self)
        #expect(nulls == plain, "warnings: \(nulls.suffix(300))")
    }

    @Test("a null required member is reported as missing")
    func nullRequiredMember_isMissing() {
        let problem = Fixture.problem(#"{"transition":null,"container":{"width":393,"height":null}}"#)
        #expect(Fixture.pointers(problem) == ["/transition", "/container/height"])
    }
}
