import NavProtocol
import Yams

/// Turns a flow file into steps. A flow is a YAML list; each step is a bare word (`- back`)
/// or a one-key map (`- search: mojombo`). `label` and `optional` may sit beside the key or
/// inside its map: `- {assertVisible: grit, optional: true}`, `- select: {index: 0, label: first}`.
struct FlowParser {
    let reader: FlowNodeReader

    static let modifiers = ["label", "optional"]
    static let criteriaKeys = ["title", "id", "kind", "section", "index"]
    static let stepKinds = [
        "search", "select", "back", "backToRoot", "open", "assertVisible", "assertNotVisible",
        "assertStack", "assertCount", "waitFor", "snapshot", "runFlow",
    ]

    func parse(_ text: String) throws -> [FlowStep] {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch {
            throw FlowSyntaxError(description: "\(reader.file): not valid YAML: \(error)")
        }
        guard let root else { throw FlowSyntaxError(description: "\(reader.file): the flow is empty") }
        return try reader.list(root, "a flow").map(step)
    }

    private func step(_ node: Node) throws -> FlowStep {
        if case .scalar = node {
            let word = try reader.string(node, "a step")
            return FlowStep(action: try action(word, value: nil, at: node), location: reader.location(node))
        }
        var fields = try reader.fields(node, "a step", allowed: FlowParser.stepKinds + FlowParser.modifiers)
        let kinds = fields.keys.filter { FlowParser.stepKinds.contains($0) }
        guard kinds.count == 1, let kind = kinds.first, let value = fields.removeValue(forKey: kind) else {
            throw reader.error(node, "a step has exactly one of: \(FlowParser.stepKinds.joined(separator: ", "))")
        }
        var step = FlowStep(action: .back, location: reader.location(node))
        try applyModifiers(fields, to: &step)
        var arguments = value
        if case .mapping = value {
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

    private func allowedKeys(_ kind: String) -> [String] {
        switch kind {
        case "search": return ["text"]
        case "open": return ["path"]
        case "assertStack": return ["kinds"]
        case "assertCount": return FlowParser.criteriaKeys + ["count", "atLeast", "atMost"]
        case "waitFor": return FlowParser.criteriaKeys + ["timeout", "visible"]
        case "snapshot": return ["name"]
        case "runFlow": return ["file", "env"]
        case "back", "backToRoot": return []
        default: return FlowParser.criteriaKeys
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
                guard let kind = ScreenKind(rawValue: name) else {
                    throw reader.error(item, "unknown screen kind '\(name)'; kinds: \(ScreenKind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return kind
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
        case "runFlow": return try runFlow(try argument("file"), whole: value)
        default:
            throw reader.error(node, "unknown step '\(kind)'; steps: \(FlowParser.stepKinds.joined(separator: ", "))")
        }
    }

    /// A bare text is a title pattern; a map gives any of title, id, kind, section, index.
    private func criteria(_ node: Node, _ kind: String) throws -> RowCriteria {
        var criteria = RowCriteria()
        guard case .mapping = node else {
            criteria.title = try pattern(node)
            return criteria
        }
        let fields = try reader.fields(node, kind, allowed: allowedKeys(kind))
        if let title = fields["title"] { criteria.title = try pattern(title) }
        criteria.id = try fields["id"].map { try reader.string($0, "id") }
        criteria.kind = try fields["kind"].map { try reader.string($0, "kind") }
        criteria.section = try fields["section"].map { try reader.string($0, "section") }
        criteria.index = try fields["index"].map { try reader.integer($0, "index") }
        if kind != "assertCount", criteria.isEmpty { throw reader.error(node, "\(kind) needs one of: \(FlowParser.criteriaKeys.joined(separator: ", "))") }
        return criteria
    }

    private func pattern(_ node: Node) throws -> TitlePattern {
        let source = try reader.string(node, "a title pattern")
        do {
            return try TitlePattern(source)
        } catch {
            throw reader.error(node, "'\(source)' is not a regular expression: \(error)")
        }
    }

    private func assertCount(_ node: Node) throws -> FlowAction {
        guard case .mapping = node else { return .assertCount(RowCriteria(), .exactly(try reader.integer(node, "assertCount"))) }
        let fields = try reader.fields(node, "assertCount", allowed: allowedKeys("assertCount"))
        let kinds: [(key: String, make: (Int) -> CountExpectation)] = [("count", { .exactly($0) }), ("atLeast", { .atLeast($0) }), ("atMost", { .atMost($0) })]
        let expectations = try kinds.compactMap { kind in
            try fields[kind.key].map { kind.make(try reader.integer($0, kind.key)) }
        }
        guard expectations.count == 1, let expectation = expectations.first else {
            throw reader.error(node, "assertCount needs exactly one of count, atLeast, atMost")
        }
        return .assertCount(try criteria(node, "assertCount"), expectation)
    }

    private func runFlow(_ file: Node, whole: Node?) throws -> FlowAction {
        var environment: [String: String] = [:]
        if let whole, case .mapping = whole, let env = whole.mapping?[Node("env")] {
            guard case .mapping(let variables) = env else { throw reader.error(env, "runFlow's env must be a map") }
            for (key, value) in variables {
                environment[try reader.string(key, "a variable name")] = try reader.string(value, "a variable's value")
            }
        }
        return .runFlow(file: try reader.string(file, "runFlow's file"), environment: environment)
    }
}
