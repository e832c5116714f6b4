import NavClient
import NavProtocol

/// Carries out one step (all but `runFlow`, which the runner expands) and checks its
/// expectation; a step that does not hold throws a `FlowFailure`.
struct FlowStepExecutor {
    let driver: FlowDriver
    let snapshots: SnapshotFiles

    /// Runs the step; returns a note for the progress line ("written"), if any.
    func run(_ action: FlowAction) throws -> String? {
        let client = driver.client
        let timeout = driver.stepTimeout
        switch action {
        case .search(let text):
            _ = try client.send(QueryRequest(text: text), timeout: timeout)
        case .select(let criteria):
            try driver.settle()
            let (top, depth) = try driver.topScreen()
            guard let row = criteria.select(from: top.rows).first else {
                throw FlowFailure(
                    expectation: "a row with \(criteria) to select", found: "none of the \(top.rows.count) rows matches",
                    screen: top, depth: depth, mark: mark(for: criteria))
            }
            _ = try client.send(SelectRequest(screen: top.screen.id, rowId: row.id), timeout: timeout)
        case .back:
            _ = try client.send(PopRequest(), timeout: timeout)
        case .backToRoot:
            _ = try client.send(PopToRootRequest(), timeout: timeout)
        case .open(let path):
            try client.open(path, timeout: timeout)
        case .assertVisible(let criteria):
            try driver.settle()
            try expectVisible(criteria, true)
        case .assertNotVisible(let criteria):
            try driver.settle()
            try expectVisible(criteria, false)
        case .assertStack(let kinds):
            try driver.settle()
            try expectStack(kinds)
        case .assertCount(let criteria, let expectation):
            try driver.settle()
            let (top, depth) = try driver.topScreen()
            let count = criteria.select(from: top.rows).count
            guard expectation.accepts(count) else {
                throw FlowFailure(
                    expectation: "the number of \(criteria.isEmpty ? "rows" : "rows with \(criteria)") \(expectation)",
                    found: "\(count)", screen: top, depth: depth, mark: mark(for: criteria))
            }
        case .waitFor(let criteria, let visible, let timeout):
            try waitFor(criteria, visible: visible, timeout: timeout)
        case .snapshot(let name):
            try driver.settle()
            return try snapshots.check(name, stack: try driver.stack())
        case .perform(let perform):
            let note = try perform.run(driver)
            try driver.settle()
            return note
        case .runFlow, .repeatBlock, .retry:
            preconditionFailure("FlowSequence runs blocks")
        }
        try driver.settle()
        return nil
    }

    private func expectVisible(_ criteria: RowCriteria, _ visible: Bool) throws {
        let (top, depth) = try driver.topScreen()
        if let failure = visibilityFailure(criteria, visible, top: top, depth: depth) { throw failure }
    }

    /// The failure `assertVisible` (or `assertNotVisible`) reports on this screen, or nil when it holds;
    /// `waitFor` reports the same words when its time runs out.
    private func visibilityFailure(_ criteria: RowCriteria, _ visible: Bool, top: ScreenSnapshot, depth: Int) -> FlowFailure? {
        let matches = criteria.select(from: top.rows)
        if visible, matches.isEmpty {
            return FlowFailure(
                expectation: "a row with \(criteria) on the top screen", found: "none of the \(top.rows.count) rows matches",
                screen: top, depth: depth, mark: mark(for: criteria))
        }
        if !visible, let row = matches.first {
            return FlowFailure(
                expectation: "no row with \(criteria) on the top screen", found: "row \(row.id) \"\(row.title)\"",
                screen: top, depth: depth, mark: .row(row.id))
        }
        return nil
    }

    private func expectStack(_ kinds: [ScreenKind]) throws {
        let stack = try driver.client.send(StackRequest(), timeout: driver.stepTimeout).stack
        guard stack.map(\.kind) != kinds else { return }
        let mismatch = Array(zip(stack.map(\.kind), kinds)).firstIndex { $0 != $1 } ?? min(stack.count, kinds.count)
        var lines: [String] = []
        for position in 0..<max(stack.count, kinds.count) {
            let found = position < stack.count ? "\(stack[position].kind.rawValue) \"\(stack[position].title)\"" : "(nothing)"
            let expected = position < kinds.count ? kinds[position].rawValue : "(nothing)"
            let marker = position == mismatch ? ScreenText.markPrefix : " "
            let verdict = position < stack.count && position < kinds.count && stack[position].kind == kinds[position] ? "✓" : "expected \(expected)"
            lines.append("\(marker) \(position + 1) \(found)  \(verdict)")
        }
        let shown = mismatch < stack.count ? try driver.client.readScreen(stack[mismatch].id, limit: RowsRequest.maxLimit) : try driver.topScreen().screen
        throw FlowFailure(
            expectation: "the stack [\(kinds.map(\.rawValue).joined(separator: ", "))]",
            found: "[\(stack.map(\.kind.rawValue).joined(separator: ", "))]",
            screen: shown, depth: min(mismatch, stack.count - 1) + 1, mark: .title, details: lines)
    }

    /// Re-checks each time the host settles after a change, until the deadline; never sleeps.
    private func waitFor(_ criteria: RowCriteria, visible: Bool, timeout: Double) throws {
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        func remaining() -> Double {
            let left = (deadline - clock.now).components
            return max(0, Double(left.seconds) + Double(left.attoseconds) / 1e18)
        }
        while true {
            do {
                try driver.client.waitIdle(timeout: remaining())
                let (top, _) = try driver.topScreen()
                if criteria.select(from: top.rows).isEmpty != visible { return }
                // Nothing to do until the host says something changed.
                _ = try driver.client.nextNotification(nil, timeout: remaining())
            } catch let error as NavClientError where error.isTimeout {  // the deadline passed while waiting
                break
            }
        }
        let (top, depth) = try driver.topScreen()
        guard var failure = visibilityFailure(criteria, visible, top: top, depth: depth) else { return }
        failure.details = ["(after waiting \(timeout) s)"]
        throw failure
    }

    /// Where a missing row would have been: its section's header, else the screen's title.
    private func mark(for criteria: RowCriteria) -> ScreenText.Mark {
        criteria.section.map(ScreenText.Mark.section) ?? .title
    }
}

extension NavClientError {
    fileprivate var isTimeout: Bool {
        switch self {
        case .timedOut, .notIdle: return true
        default: return false
        }
    }
}
