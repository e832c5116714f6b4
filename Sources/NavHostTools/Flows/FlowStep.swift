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
    case runFlow(file: String, environment: [String: String])

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
        case .runFlow(let file, let environment):
            let variables = environment.keys.sorted().map { "\($0)=\(environment[$0] ?? "")" }
            return "runFlow \(file)" + (variables.isEmpty ? "" : " with \(variables.joined(separator: " "))")
        }
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
