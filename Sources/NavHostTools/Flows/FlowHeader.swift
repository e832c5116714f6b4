import NavProtocol
import Yams

/// A flow file's header: the YAML document before `---`, as in Maestro.
///
///     name: grit's stars
///     tags: [smoke, detail]
///     root: {kind: repositories, params: {login: mojombo}}
///     env: {LOGIN: mojombo}
///     ---
///     - assertVisible: grit
struct FlowHeader {
    var name: String?
    var tags: [String] = []
    /// The root screen of this flow's host (`--root` and `--root-params`), when not the default.
    var root: (kind: ScreenKind, params: JSONValue?)?
    /// Defaults for `${NAME}`: `--env` and `runFlow`'s `env` take precedence.
    var environment: [String: String] = [:]

    static let keys = ["name", "tags", "root", "env"]

    /// The arguments that give this flow's host its root screen.
    var hostArguments: [String] {
        guard let root else { return [] }
        return ["--root", root.kind.rawValue] + (root.params.map { ["--root-params", $0.serializedString] } ?? [])
    }

    /// Reads a header; its texts are taken as written (no `${NAME}`).
    static func parse(_ node: Node, reader: FlowNodeReader) throws -> FlowHeader {
        let literal = FlowNodeReader(file: reader.file, environment: [:], substitutes: false)
        let fields = try literal.fields(node, "the flow header", allowed: keys)
        var header = FlowHeader()
        header.name = try fields["name"].map { try literal.string($0, "name") }
        if let tags = fields["tags"] {
            header.tags = try tags.scalar != nil ? [literal.string(tags, "tags")] : literal.list(tags, "tags").map { try literal.string($0, "a tag") }
        }
        if let root = fields["root"] {
            header.root = try parseRoot(root, literal)
        }
        if let env = fields["env"] {
            for (name, value) in try literal.fields(env, "env", allowed: nil) {
                header.environment[name] = try literal.string(value, "the value of \(name)")
            }
        }
        return header
    }

    private static func parseRoot(_ node: Node, _ reader: FlowNodeReader) throws -> (kind: ScreenKind, params: JSONValue?) {
        let fields = node.scalar != nil ? ["kind": node] : try reader.fields(node, "root", allowed: ["kind", "params"])
        guard let kindNode = fields["kind"] else { throw reader.error(node, "root needs 'kind'") }
        let name = try reader.string(kindNode, "root's kind")
        // Only the name's form: the host checks the kind against its registry when the flow runs.
        if let reason = ScreenKind.nameError(name) { throw reader.error(kindNode, reason) }
        let kind = ScreenKind(name)
        guard let params = fields["params"] else { return (kind, nil) }
        guard params.mapping != nil else { throw reader.error(params, "root's params must be a map") }
        return (kind, try reader.json(params))
    }
}

/// A flow file as parsed: its header (empty without one) and its steps.
struct FlowDocument {
    var header: FlowHeader
    var steps: [FlowStep]
}
