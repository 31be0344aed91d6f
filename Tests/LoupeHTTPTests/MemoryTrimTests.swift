import Testing

@testable import LoupeHTTP

/// When the server gives a burst's heap back to the kernel (`MemoryBudget.claimTrim`): once per
/// burst, after the charges have stayed low for a second, and never under a steady load whose
/// charges only dip at the sweeps (issue 47 §2: that load trimmed four times a second, and
/// every trimmed page was faulted back in by the next answers).
@Suite("MemoryBudget: giving a burst back")
struct MemoryTrimTests {
    static let second: UInt64 = 1_000_000_000
    static let burst = MemoryBudget.trimAfterBytes
    static let low = MemoryBudget.trimWhenBelowBytes

    @Test("a burst is given back once, a second after its charges went low")
    func burst_isGivenBackOnceAfterAQuietSecond() {
        let budget = MemoryBudget(limit: 1 << 30)
        #expect(budget.reserve(Self.burst))
        #expect(!budget.claimTrim(now: 10 * Self.second), "still charged")
        budget.refund(Self.burst)
        #expect(!budget.claimTrim(now: 10 * Self.second + Self.second / 4), "the burst was charged since the last look")
        #expect(!budget.claimTrim(now: 10 * Self.second + Self.second / 2), "low for a quarter of a second only")
        #expect(budget.claimTrim(now: 11 * Self.second + Self.second / 4), "low for a second")
        #expect(!budget.claimTrim(now: 12 * Self.second), "given back already")
    }

    @Test("a steady load whose charges are low at every sweep but high between them is never trimmed")
    func steadyLoad_thatDipsAtTheSweeps_isNeverTrimmed() {
        let budget = MemoryBudget(limit: 1 << 30)
        for sweep in 0..<40 {
            // Between two sweeps the answers of 64 clients are charged and given back.
            #expect(budget.reserve(Self.burst))
            budget.refund(Self.burst)
            #expect(!budget.claimTrim(now: UInt64(sweep) * Self.second / 4), "sweep \(sweep)")
        }
    }

    @Test("charges that stay under the low mark are no burst")
    func smallCharges_areNoBurst() {
        let budget = MemoryBudget(limit: 1 << 30)
        #expect(budget.reserve(Self.low))
        budget.refund(Self.low)
        #expect(!budget.claimTrim(now: 5 * Self.second))
        #expect(!budget.claimTrim(now: 7 * Self.second))
    }
}
