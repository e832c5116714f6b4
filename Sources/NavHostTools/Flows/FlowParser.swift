import NavProtocol
import Yams

/// Turns a flow file into its header and steps. A flow is a YAML list of steps, optionally
/// after a header document and `---`; each step is a bare word (`- back`) or a one-key map
/// (`- search: mojombo`). `label` and `optional` may sit beside the key or inside its map:
/// `- {assertVisible: grit, optional: true}`, `- select: {index: 0, label: first}`.
struct FlowParser {
    let reader: FlowNodeReader

    static let modifiers = ["label", "optional"]
    static let stepKinds = [
        "search", "select", "back", "backToRoot", "open", "assertVisible", "assertNotVisible",
        "assertStack", "assertCount", "waitFor", "snapshot", "perform", "runFlow", "repeat", "retry",
    ]

    /// Parses a whole file. The header's `env` gives defaults for `${NAME}` in the steps.
    static func parse(_ text: String, file: String, environment: [String: String]) throws -> FlowDocument {
        let documents: [Node]
        do {
            documents = Array(try Yams.compose_all(yaml: text))
        } catch {
            throw FlowSyntaxError(description: "\(file): not valid YAML: \(error)")
        }
        let plain = FlowNodeReader(file: file, environment: environment)
        switch documents.count {
        case 0:
            throw FlowSyntaxError(description: "\(file): the flow is empty")
        case 1:
            if documents[0].mapping != nil {
                throw plain.error(documents[0], "a flow is a list of steps; a header (name, tags, root, env) goes before '---' and the steps")
            }
            return FlowDocument(header: FlowHeader(), steps: try FlowParser(reader: plain).steps(documents[0], "a flow"))
        case 2:
            let header = try FlowHeader.parse(documents[0], reader: plain)
            let reader = FlowNodeReader(file: file, environment: header.environment.merging(environment) { _, given in given })
            return FlowDocument(header: header, steps: try FlowParser(reader: reader).steps(documents[1], "a flow"))
        default:
            throw plain.error(documents[2], "a flow has at most two documents: a header, '---', then the steps")
        }
    }

    func steps(_ node: Node, _ what: String) throws -> [FlowStep] {
        try reader.list(node, what).map(step)
    }

    private func step(_ node: Node) throws -> FlowStep {
        if case .scalar = node {
            let word = try reader.string(node, "a step")
            return FlowStep(action: try action(word, value: nil, at: node), location: reader.location(node))
        }
        var fields = try reader.fields(node, "a step", allowed: nil)
        let kinds = fields.keys.filter { !FlowParser.modifiers.contains($0) }
        guard kinds.count == 1, let kind = kinds.first, let value = fields.removeValue(forKey: kind) else {
            throw reader.error(node, "a step has exactly one of: \(FlowParser.stepKinds.joined(separator: ", "))")
        }
        var step = FlowStep(action: .back, location: reader.location(node))
        try applyModifiers(fields, to: &step)
        var arguments = value
        if case .mapping = value, FlowParser.stepKinds.contains(kind) || kind == "tapOn" {
            let inner = try reader.fields(value, kind, allowed: allowedKeys(kind) + FlowParser.modifiers)
            try applyModifiers(inner, to: &step)
            let kept = (value.mapping ?? [:]).filter { !FlowParser.modifiers.contains($0.key.string ?? "") }.map { ($0.key, $0.value) }
            arguments = .mapping(Node.Mapping(kept, .implicit, .any, value.mark))
        }
        step.action = try action(kind, value: reader.isNull(arguments) || arguments.mapping?.isEmpty == true ? nil : arguments, at: value)
        return step
    }

    private func applyModifiers(_ fields: [String: Node], to step: inout FlowStep) throws {
        if let label = fields["label"] { step.label = try reader.string(label, "label") }
        if let optional = fields["optional"] { step.isOptional = try reader.bool(optional, "optional") }
    }

    func allowedKeys(_ kind: String) -> [String] {
        switch kind {
        case "search": return ["text"]
        case "open": return ["path"]
        case "assertStack": return ["kinds"]
        case "assertCount": return RowCriteria.keys + ["count", "atLeast", "atMost"]
        case "waitFor": return RowCriteria.keys + ["timeout", "visible"]
        case "snapshot": return ["name"]
        case "perform": return FlowPerform.keys
        case "runFlow": return FlowParser.blockKeys
        case "repeat": return FlowParser.blockKeys + ["times", "while"]
        case "retry": return FlowParser.blockKeys + ["maxRetries"]
        case "back", "backToRoot": return []
        case "tapOn": return RowCriteria.keys + FlowParser.modifiers
        default: return RowCriteria.keys
        }
    }

    private func action(_ kind: String, value: Node?, at node: Node) throws -> FlowAction {
        /// The value, for steps that take text or a map of their own fields.
        func whole() throws -> Node {
            guard let value else { throw reader.error(node, "\(kind) needs a value") }
            return value
        }
        /// The text itself, or the named field of a map: `open: PATH` or `open: {path: PATH}`.
        func argument(_ key: String) throws -> Node {
            let value = try whole()
            guard case .mapping(let mapping) = value else { return value }
            guard let field = mapping[Node(key)] else { throw reader.error(value, "\(kind) needs '\(key)'") }
            return field
        }
        switch kind {
        case "back", "backToRoot":
            guard value == nil else { throw reader.error(node, "\(kind) takes no value") }
            return kind == "back" ? .back : .backToRoot
        case "search": return .search(try reader.string(try argument("text"), "search text"))
        case "open": return .open(try reader.string(try argument("path"), "open's path"))
        case "select": return .select(try criteria(try whole(), kind))
        case "assertVisible": return .assertVisible(try criteria(try whole(), kind))
        case "assertNotVisible": return .assertNotVisible(try criteria(try whole(), kind))
        case "assertStack":
            return .assertStack(try reader.list(try argument("kinds"), "assertStack").map { item in
                let name = try reader.string(item, "a screen kind")
                if let reason = ScreenKind.nameError(name) { throw reader.error(item, reason) }
                return ScreenKind(name)
            })
        case "assertCount": return try assertCount(try whole())
        case "waitFor":
            let target = try whole()
            let fields: [String: Node]? = target.mapping == nil ? nil : try reader.fields(target, kind, allowed: allowedKeys(kind))
            let timeout = try fields?["timeout"].map { try reader.number($0, "timeout") } ?? 10
            let visible = try fields?["visible"].map { try reader.bool($0, "visible") } ?? true
            return .waitFor(try criteria(target, kind), visible: visible, timeout: timeout)
        case "snapshot":
            let name = try reader.string(try argument("name"), "a snapshot name")
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }), !name.hasPrefix(".") else {
                throw reader.error(node, "snapshot names use letters, digits, '-', '_' and '.': '\(name)'")
            }
            return .snapshot(name)
        case "perform": return .perform(try FlowPerform.parse(try whole(), parser: self))
        case "runFlow", "repeat", "retry":
            return try blockStep(kind, try whole())
        default:
            if let translated = try MaestroSteps.translate(kind, value: value, at: node, parser: self) { return translated }
            throw reader.error(node, "unknown step '\(kind)'; steps: \(FlowParser.stepKinds.joined(separator: ", "))")
        }
    }
}
