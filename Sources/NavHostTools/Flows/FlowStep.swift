import NavProtocol

/// One step of a flow file, as parsed.
struct FlowStep {
    var action: FlowAction
    var label: String?
    /// A failing optional step is reported and the flow goes on.
    var isOptional = false
    /// Where the step is, for messages: "browse.yaml:7".
    var location: String

    /// How progress and failures name the step: its label, else what it does.
    var title: String { label ?? action.summary }
}

enum FlowAction {
    case search(String)
    case select(RowCriteria)
    case back
    case backToRoot
    case open(String)
    case assertVisible(RowCriteria)
    case assertNotVisible(RowCriteria)
    case assertStack([ScreenKind])
    case assertCount(RowCriteria, CountExpectation)
    case waitFor(RowCriteria, visible: Bool, timeout: Double)
    case snapshot(String)
    /// An action on rows of the top screen, or on its own item (`FlowPerform`).
    case perform(FlowPerform)
    /// Runs a block once (when its condition holds).
    case runFlow(FlowBlock)
    /// Runs a block `times` times, or while `condition` holds (at most `times`, or
    /// `FlowBlock.maximumRounds`, rounds).
    case repeatBlock(FlowBlock, times: Int?, condition: FlowCondition?)
    /// Runs a block again, from its first step, after a failure: at most `maxRetries` more times.
    case retry(FlowBlock, maxRetries: Int)

    var summary: String {
        switch self {
        case .search(let text): return "search \"\(text)\""
        case .select(let criteria): return "select \(criteria)"
        case .back: return "back"
        case .backToRoot: return "backToRoot"
        case .open(let path): return "open \(path)"
        case .assertVisible(let criteria): return "assertVisible \(criteria)"
        case .assertNotVisible(let criteria): return "assertNotVisible \(criteria)"
        case .assertStack(let kinds): return "assertStack [\(kinds.map(\.rawValue).joined(separator: ", "))]"
        case .assertCount(let criteria, let expectation): return "assertCount \(criteria.isEmpty ? "rows" : "\(criteria)") \(expectation)"
        case .waitFor(let criteria, let visible, let timeout): return "waitFor \(criteria)\(visible ? "" : " not visible") within \(timeout) s"
        case .snapshot(let name): return "snapshot \(name)"
        case .perform(let perform): return perform.description
        case .runFlow(let block): return "runFlow \(block)"
        case .repeatBlock(let block, let times, let condition):
            let bound = [times.map { "\($0) times" }, condition.map { "while \($0)" }].compactMap { $0 }.joined(separator: ", ")
            return "repeat \(block) \(bound)"
        case .retry(let block, let maxRetries): return "retry \(block) up to \(maxRetries) more times"
        }
    }
}

/// The steps a `runFlow`, `repeat` or `retry` runs: another flow file (relative to this one,
/// with `env` for its `${NAME}`s) or inline `commands`; `when` makes it conditional.
struct FlowBlock: CustomStringConvertible {
    enum Steps {
        case file(String, environment: [String: String])
        case commands([FlowStep])
    }

    var steps: Steps
    var condition: FlowCondition?

    /// How many rounds `repeat: {while: ...}` runs at most without `times`: a condition that
    /// never turns false fails the flow rather than hanging it.
    static let maximumRounds = 100

    var description: String {
        var text: String
        switch steps {
        case .file(let file, let environment):
            let variables = environment.keys.sorted().map { "\($0)=\(environment[$0] ?? "")" }
            text = file + (variables.isEmpty ? "" : " with \(variables.joined(separator: " "))")
        case .commands(let steps):
            text = "\(steps.count) command\(steps.count == 1 ? "" : "s")"
        }
        if let condition { text += " when \(condition)" }
        return text
    }
}

/// `when: {visible: ROW, notVisible: ROW}`: both given parts must hold on the top screen.
struct FlowCondition: CustomStringConvertible {
    var visible: RowCriteria?
    var notVisible: RowCriteria?

    func holds(on rows: [Row]) -> Bool {
        (visible.map { !$0.select(from: rows).isEmpty } ?? true) && (notVisible.map { $0.select(from: rows).isEmpty } ?? true)
    }

    var description: String {
        [visible.map { "a row with \($0) is visible" }, notVisible.map { "no row with \($0) is visible" }]
            .compactMap { $0 }.joined(separator: " and ")
    }
}

/// How many rows `assertCount` expects.
enum CountExpectation: Equatable, CustomStringConvertible {
    case exactly(Int)
    case atLeast(Int)
    case atMost(Int)

    func accepts(_ count: Int) -> Bool {
        switch self {
        case .exactly(let expected): return count == expected
        case .atLeast(let minimum): return count >= minimum
        case .atMost(let maximum): return count <= maximum
        }
    }

    var description: String {
        switch self {
        case .exactly(let expected): return "= \(expected)"
        case .atLeast(let minimum): return "≥ \(minimum)"
        case .atMost(let maximum): return "≤ \(maximum)"
        }
    }
}
