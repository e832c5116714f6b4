import NavClient
import NavProtocol
import Yams

/// The `perform` step: an action on rows of the top screen, or on its own item, and what its
/// result must be (docs/automation.md, "Flows").
///
///     - perform: {row: {id: "repo:mojombo/chronic"}, action: star}
///     - perform: {rows: {kind: issue, index: 0}, action: add-label, input: {label: bug}}
///     - perform: {action: close, input: {reason: not_planned}, confirm: true}
///     - perform: {action: comment, input: {body: ""}, expect: validation}
struct FlowPerform: CustomStringConvertible {
    /// The row acted on (the first that matches), or with `every` all that match; nil: the
    /// screen's own item.
    var target: RowCriteria?
    var every = false
    var action: String
    var input: [String: JSONValue] = [:]
    /// Answers a destructive action's confirmation with its token.
    var confirm = false
    /// `done` (the default), `inputRequired`, `confirm`, or the `reason` of the failure expected.
    var expect = "done"

    static let keys = ["row", "rows", "action", "input", "confirm", "expect"]

    var description: String {
        var text = "perform \(action)"
        if let target { text += every ? " on every row with \(target)" : " on \(target)" }
        if !input.isEmpty { text += " with " + input.keys.sorted().map { "\($0)=\(input[$0]?.serializedString ?? "")" }.joined(separator: " ") }
        if confirm { text += ", confirmed" }
        return expect == "done" ? text : text + ", expecting \(expect)"
    }

    static func parse(_ node: Node, parser: FlowParser) throws -> FlowPerform {
        let reader = parser.reader
        let fields = try reader.fields(node, "perform", allowed: keys)
        guard let action = fields["action"] else { throw reader.error(node, "perform needs 'action'") }
        var perform = FlowPerform(action: try reader.string(action, "an action id"))
        if fields["row"] != nil, fields["rows"] != nil { throw reader.error(node, "perform takes 'row' or 'rows', not both") }
        if let row = fields["row"] ?? fields["rows"] {
            perform.target = try parser.criteria(row, "select")
            perform.every = fields["rows"] != nil
        }
        if let input = fields["input"] {
            guard case .object(let values) = try reader.json(input) else { throw reader.error(input, "perform's input is a map of field names to values") }
            perform.input = values
        }
        if let confirm = fields["confirm"] { perform.confirm = try reader.bool(confirm, "confirm") }
        if let expect = fields["expect"] { perform.expect = try reader.string(expect, "expect") }
        return perform
    }

    /// Performs it on the top screen and checks the result; returns, for a failure expected,
    /// what the progress line adds: the failure and the input it gave back.
    func run(_ driver: FlowDriver) throws -> String? {
        try driver.settle()
        let (top, depth) = try driver.topScreen()
        var rowIds: [String]?
        if let target {
            let matches = target.select(from: top.rows)
            guard !matches.isEmpty else {
                throw FlowFailure(
                    expectation: "a row with \(target) to perform \(action) on", found: "none of the \(top.rows.count) rows matches",
                    screen: top, depth: depth, mark: target.section.map(ScreenText.Mark.section) ?? .title)
            }
            rowIds = every ? matches.prefix(ActionsRequest.maxRowIds).map(\.id) : [matches[0].id]
        }
        let request = PerformRequest(screen: top.screen.id, rowIds: rowIds, action: action, input: input.isEmpty ? nil : input)
        let outcome: String
        var note: String?
        do {
            let result = try driver.client.perform(request, timeout: driver.stepTimeout) { _ in confirm }
            let failed = result.results?.filter { $0.status != "done" } ?? []
            outcome = failed.isEmpty ? result.status.rawValue : "failed on \(failed.map(\.id).joined(separator: ", "))"
        } catch let error as NavClientError {
            guard let rpc = error.rpcError else { throw error }
            outcome = rpc.data?["reason"]?.stringValue ?? "error \(rpc.code): \(rpc.message)"
            if outcome != expect {
                throw FlowFailure(expectation: "\(action) \(expect)", found: "\(outcome): \(rpc.message)", screen: top, depth: depth, mark: .title)
            }
            let kept = rpc.inputGivenBack.map { "; the input came back: \(JSONValue.object($0).serializedString)" } ?? ""
            note = rpc.message + kept
        }
        guard outcome == expect else {
            let hint = outcome == "confirm" ? " (add confirm: true to answer it)" : ""
            throw FlowFailure(expectation: "\(action) \(expect)", found: outcome + hint, screen: top, depth: depth, mark: .title)
        }
        return note
    }
}
