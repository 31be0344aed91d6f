import LoupeLifecycle
import LoupeTestSupport
import Testing

struct LifecyclePropertyTests {
    /// Random mostly valid scripts always produce traces that keep every invariant.
    @Test("random scripts keep every invariant", arguments: PropertySeeds.seeds(count: 200))
    func randomScripts_keepEveryInvariant(seed: UInt64) {
        let script = ScriptGenerator.script(seed: seed)
        do {
            let result = try LifecycleEngine.run(script)
            let violations = TraceInvariants.violations(of: result, for: script)
            #expect(violations.isEmpty, "seed \(seed): \(violations.prefix(5))")
        } catch {
            // The generator keeps a few invalid scripts on purpose; they must fail with a reason.
            #expect(error.errors.count == 1, "seed \(seed)")
        }
    }

    /// Most generated scripts are valid, and they are not trivially short.
    @Test("generator builds mostly valid scripts") func generator_buildsMostlyValidScripts() {
        let scripts = PropertySeeds.seeds(count: 200).map(ScriptGenerator.script(seed:))
        let valid = scripts.filter { (try? LifecycleEngine.run($0)) != nil }
        #expect(valid.count >= 150)
        #expect(valid.map(\.events.count).reduce(0, +) >= 1000)
    }

    /// The generated scripts reach every situation the notes describe, so the invariants above are
    /// checked on cancelled, interrupted and overlapping transitions, not just plain pushes.
    @Test("generator reaches every situation") func generator_reachesEverySituation() {
        let results = PropertySeeds.seeds(count: 200).compactMap { try? LifecycleEngine.run(ScriptGenerator.script(seed: $0)) }
        let codes = Set(results.flatMap(\.notes).map(\.code))
        #expect(codes == Set(LifecycleWarningCode.allCases), "missing: \(Set(LifecycleWarningCode.allCases).subtracting(codes))")
    }

    /// The callback order only changes callbacks of cancelled transitions, never where things end up.
    @Test("callback order does not change the final state", arguments: PropertySeeds.seeds(count: 200))
    func callbackOrder_doesNotChangeTheFinalState(seed: UInt64) {
        var article = ScriptGenerator.script(seed: seed)
        article.callbackOrder = .article
        var classic = article
        classic.callbackOrder = .classic
        let articleResult = try? LifecycleEngine.run(article)
        let classicResult = try? LifecycleEngine.run(classic)
        #expect(articleResult?.final == classicResult?.final, "seed \(seed)")
        if let classicResult, let articleResult {
            #expect(classicResult.trace.count >= articleResult.trace.count, "seed \(seed)")
        }
    }

    /// Any script whatsoever either runs or fails with at least one error; the same script always
    /// gives the same answer.
    @Test("any script runs or fails deterministically", arguments: PropertySeeds.seeds(count: 200))
    func anyScript_runsOrFailsDeterministically(seed: UInt64) {
        let script = ScriptGenerator.garbage(seed: seed)
        let first = Result { () throws(LifecycleFailure) in try LifecycleEngine.run(script) }
        let second = Result { () throws(LifecycleFailure) in try LifecycleEngine.run(script) }
        #expect(first == second, "seed \(seed)")
        if case .failure(let failure) = first { #expect(!failure.errors.isEmpty, "seed \(seed)") }
    }
}
