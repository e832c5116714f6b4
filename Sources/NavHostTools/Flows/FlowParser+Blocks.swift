import Yams

/// `runFlow`, `repeat` and `retry`: a block of steps (a file or inline `commands`), with an
/// optional `when` condition.
extension FlowParser {
    static let blockKeys = ["file", "env", "commands", "when"]

    func blockStep(_ kind: String, _ node: Node) throws -> FlowAction {
        guard case .mapping = node else {
            guard kind == "runFlow" else { throw reader.error(node, "\(kind) needs a map with commands or file") }
            return .runFlow(FlowBlock(steps: .file(try reader.string(node, "runFlow's file"), environment: [:])))
        }
        let fields = try reader.fields(node, kind, allowed: allowedKeys(kind))
        let block = try self.block(fields, kind, at: node)
        switch kind {
        case "repeat":
            let times = try fields["times"].map { try reader.integer($0, "times") }
            let condition = try fields["while"].map { try self.condition($0, "while") }
            guard times != nil || condition != nil else { throw reader.error(node, "repeat needs times, while, or both") }
            if let times, times < 0 { throw reader.error(node, "times must be 0 or more") }
            return .repeatBlock(block, times: times, condition: condition)
        case "retry":
            let maxRetries = try fields["maxRetries"].map { try reader.integer($0, "maxRetries") } ?? 1
            guard (0...100).contains(maxRetries) else { throw reader.error(node, "maxRetries must be between 0 and 100") }
            return .retry(block, maxRetries: maxRetries)
        default:
            return .runFlow(block)
        }
    }

    private func block(_ fields: [String: Node], _ kind: String, at node: Node) throws -> FlowBlock {
        let condition = try fields["when"].map { try self.condition($0, "when") }
        switch (fields["file"], fields["commands"]) {
        case (let file?, nil):
            var environment: [String: String] = [:]
            if let env = fields["env"] {
                for (name, value) in try reader.fields(env, "\(kind)'s env", allowed: nil) {
                    environment[name] = try reader.string(value, "a variable's value")
                }
            }
            return FlowBlock(steps: .file(try reader.string(file, "\(kind)'s file"), environment: environment), condition: condition)
        case (nil, let commands?):
            if let env = fields["env"] { throw reader.error(env, "env goes with file; inline commands see the flow's own variables") }
            return FlowBlock(steps: .commands(try steps(commands, "\(kind)'s commands")), condition: condition)
        default:
            throw reader.error(node, "\(kind) needs exactly one of file and commands")
        }
    }

    /// `{visible: ROW}`, `{notVisible: ROW}`, or both.
    private func condition(_ node: Node, _ what: String) throws -> FlowCondition {
        let fields = try reader.fields(node, what, allowed: ["visible", "notVisible"])
        let condition = FlowCondition(
            visible: try fields["visible"].map { try criteria($0, "visible") },
            notVisible: try fields["notVisible"].map { try criteria($0, "notVisible") })
        guard condition.visible != nil || condition.notVisible != nil else { throw reader.error(node, "\(what) needs visible or notVisible") }
        return condition
    }
}
