import LoupeLifecycle

/// Checks the properties every trace must have; returns one message per violation.
enum TraceInvariants {
    static func violations(of result: LifecycleResult, for script: LifecycleScript) -> [String] {
        var problems: [String] = []
        let trace = result.trace

        // Times and run-loop numbers never go backwards; one cycle has one time.
        for (previous, entry) in zip(trace, trace.dropFirst()) {
            if entry.time < previous.time { problems.append("time went backwards at \(entry)") }
            if entry.runLoop < previous.runLoop { problems.append("runLoop went backwards at \(entry)") }
            if entry.runLoop == previous.runLoop && entry.time != previous.time { problems.append("one cycle, two times at \(entry)") }
        }

        // States follow the diagram's edges; views are added only when absent and removed only when present.
        let initiallyVisible = visible(stack: script.stack, presented: script.presented)
        var states: [String: LifecycleState] = [:]
        var inHierarchy: [String: Bool] = [:]
        for name in script.stack + script.presented.map(\.viewController) {
            states[name] = initiallyVisible.contains(name) ? .appeared : .disappeared
            inHierarchy[name] = initiallyVisible.contains(name)
        }
        for entry in trace {
            let name = entry.viewController
            switch entry.event {
            case .state(let next):
                let current = states[name] ?? .disappeared
                if !current.canMove(to: next) { problems.append("illegal edge \(current) → \(next) for \(name)") }
                states[name] = next
            case .hierarchy(let change):
                let present = inHierarchy[name] ?? false
                if (change == .addedToHierarchy) == present { problems.append("\(change) while present=\(present) for \(name)") }
                inHierarchy[name] = !present
            case .callback, .delegate:
                break
            }
        }
        for (name, state) in states where result.final.states[name] != state {
            problems.append("final state of \(name) is \(String(describing: result.final.states[name])), trace says \(state)")
        }

        // Every will-callback is followed by its did-callback or by the opposite transition.
        let quiescent = result.final.unreleasedGesture == nil
        for name in Set(trace.map(\.viewController)) {
            let callbacks = trace.filter { $0.viewController == name }.compactMap { entry -> Callback? in
                if case .callback(let callback) = entry.event, callback != .viewIsAppearing { return callback }
                return nil
            }
            for (callback, next) in zip(callbacks, callbacks.dropFirst()) {
                let allowed: Set<Callback>
                switch callback {
                case .viewWillAppear: allowed = [.viewDidAppear, .viewWillDisappear]
                case .viewWillDisappear: allowed = [.viewDidDisappear, .viewDidAppear, .viewWillAppear]
                case .viewDidAppear: allowed = [.viewWillDisappear]
                case .viewDidDisappear: allowed = [.viewWillAppear]
                case .viewIsAppearing: allowed = []
                }
                if !allowed.contains(next) { problems.append("\(callback) followed by \(next) on \(name)") }
            }
            if quiescent, let last = callbacks.last, last != .viewDidAppear && last != .viewDidDisappear {
                problems.append("\(name) ends with \(last)")
            }
        }

        // At rest, exactly the topmost view controller (plus presenters under overFullScreen) is
        // appeared, and only their views are in the hierarchy.
        if quiescent {
            let expected = visible(stack: result.final.stack, presented: result.final.presented)
            if result.final.viewsInHierarchy != expected.sorted() {
                problems.append("hierarchy \(result.final.viewsInHierarchy), expected \(expected.sorted())")
            }
            for (name, state) in result.final.states
            where (state == .appeared) != expected.contains(name) || state == .appearing || state == .disappearing {
                problems.append("\(name) is \(state) at rest")
            }
        }
        if Set(result.final.stack).count != result.final.stack.count { problems.append("duplicate names on the stack") }
        return problems
    }

    /// The topmost view controller and, below it, those covered only by an overFullScreen presentation.
    static func visible(stack: [String], presented: [Presentation]) -> Set<String> {
        guard let top = stack.last else { return [] }
        let layers = [top] + presented.map(\.viewController)
        var result: Set<String> = [layers[layers.count - 1]]
        for index in presented.indices where presented[index].style == .overFullScreen {
            result.insert(layers[index])
        }
        return result
    }
}
