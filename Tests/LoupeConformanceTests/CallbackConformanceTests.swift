import LoupeConformance
import Testing

@Suite("Conformance: callbacks in the order and at the times iOS calls them")
struct CallbackConformanceTests {
    let trace = [
        ExpectedCallback(viewController: "destination", name: "viewWillAppear", time: 0),
        ExpectedCallback(viewController: "source", name: "viewWillDisappear", time: 0),
        ExpectedCallback(viewController: "destination", name: "viewIsAppearing", time: 0),
        ExpectedCallback(viewController: "destination", name: "viewDidAppear", time: 0.5),
        ExpectedCallback(viewController: "source", name: "viewDidDisappear", time: 0.5)
    ]

    func observed(_ order: [Int], times: Bool = false, shift: Double = 0) -> [ObservedCallback] {
        order.map { ObservedCallback(viewController: trace[$0].viewController, name: trace[$0].name, time: times ? trace[$0].time + shift : nil) }
    }

    func judge(_ callbacks: [ObservedCallback], alignment: AlignmentMethod = .firstMotion) -> Verdict {
        ConformanceJudge.judge(ExpectedTransition(motion: nil, callbacks: trace), Recording(frames: [], callbacks: callbacks), alignment: alignment)
    }

    func departure(_ verdict: Verdict) -> CallbackDeparture? {
        guard let check = verdict.checks.first(where: { $0.name == "callbacks" }), case .order(let departure) = check.figures else { return nil }
        return departure
    }

    @Test("The same order conforms")
    func sameOrder_conforms() {
        let verdict = judge(observed([0, 1, 2, 3, 4]))
        #expect(verdict.conforms)
        #expect(verdict.checks.map(\.name) == ["callbacks"])
    }

    @Test("Two callbacks swapped: the check names the first of them and says swapped")
    func swapped_isNamed() {
        let found = departure(judge(observed([0, 1, 3, 2, 4])))
        #expect(found?.kind == .swapped)
        #expect(found?.observedIndex == 2)
        #expect(found?.expected?.name == "viewIsAppearing")
        #expect(found?.observed?.name == "viewDidAppear")
    }

    @Test("A missing callback, an extra one and one logged by the other view controller are each named")
    func missingExtraMisattributed_areNamed() {
        #expect(departure(judge(observed([0, 1, 3, 4])))?.kind == .missing)
        #expect(departure(judge(observed([0, 1, 2, 3])))?.kind == .missing)
        #expect(departure(judge(observed([0, 1, 2, 3])))?.observedIndex == 4)
        #expect(departure(judge(observed([0, 1, 2, 2, 3, 4])))?.kind == .extra)
        #expect(departure(judge(observed([0, 1, 2, 3, 4, 4])))?.kind == .extra)
        var wrongOwner = observed([0, 1, 2, 3, 4])
        wrongOwner[3].viewController = "source"
        #expect(departure(judge(wrongOwner))?.kind == .misattributed)
        #expect(!judge(wrongOwner).conforms)
    }

    @Test("Timed callbacks: shifted as a whole they conform; one late by more than the time tolerance does not")
    func times_areComparedAfterAlignment() {
        let shifted = judge(observed([0, 1, 2, 3, 4], times: true, shift: 3.2))
        #expect(shifted.conforms)
        #expect(shifted.checks.map(\.name) == ["callbacks", "callbacks.time"])
        #expect(abs(shifted.alignment.offset - 3.2) < 1e-9)
        var late = observed([0, 1, 2, 3, 4], times: true, shift: 3.2)
        late[3].time! += 0.05
        let verdict = judge(late)
        #expect(!verdict.conforms)
        guard let check = verdict.checks.last, case .callbackTimes(let timing) = check.figures else {
            Issue.record("no callbacks.time check")
            return
        }
        #expect(check.name == "callbacks.time" && timing.observedIndex == 3)
        #expect(abs(timing.max - 0.05) < 1e-9)
        #expect(judge(late, alignment: .best).checks.last?.conforms == false)
        #expect(judge(observed([0, 1, 2, 3, 4], times: true, shift: 0.1), alignment: .none).conforms == false)
    }
}
