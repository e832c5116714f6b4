import MCP
import NavClient
import NavProtocol

/// One tool of `navhost mcp`, in one file: its definition as `tools/list` shows it (a title, a
/// description written for a model, the input and output schemas, annotations), its arguments,
/// what a progress notification says it does, its run on the tools' session, and the advice a
/// failure of it carries. `ToolCatalog.all` lists them.
protocol NavTool: SendableMetatype {
    associatedtype Arguments: Sendable
    static var name: String { get }
    /// Whether it can write (GitHub, the local state): `navhost mcp --read-only` lists it not.
    static var writes: Bool { get }
    static func definition(_ host: HostFacts) -> Tool
    /// The arguments, checked: a `ToolFailure` names the wrong one and shows what it looks like.
    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> Arguments
    /// What the call is doing, for progress notifications ("opening users/mojombo").
    static func activity(_ arguments: Arguments) -> String
    static func run(_ arguments: Arguments, _ context: ToolContext) async throws -> ToolAnswer
    /// navhost's refusal turned into what a model can act on.
    static func advice(_ error: NavClientError, _ arguments: Arguments, _ context: ToolContext) async -> ToolFailure
}

extension NavTool {
    static var writes: Bool { false }

    static func advice(_ error: NavClientError, _ arguments: Arguments, _ context: ToolContext) async -> ToolFailure {
        ToolFailure(error)
    }
}

/// What the tools know of the navhost they drive, from its `initialize` answer.
struct HostFacts: Sendable {
    /// The screen kinds `push` takes, plugins' included.
    var catalog: [ScreenDescriptor]
    /// The deep-link grammar of the root screen (`NavSession.deepLinkGrammar`); nil when it has none.
    var grammar: String?
    /// Whether actions that write can be performed (`capabilities.actions.writes`).
    var writes: Bool

    init(catalog: [ScreenDescriptor], grammar: String? = nil, writes: Bool = true) {
        self.catalog = catalog
        self.grammar = grammar
        self.writes = writes
    }

    /// "kind {param, optional?}" for each kind, as descriptions and advice list them; with
    /// `described`, each followed by ": its description".
    func kindList(described: Bool = false) -> String {
        catalog.map { kind in
            "\(kind.kind.rawValue) {" + kind.params.keys.sorted().map { "\($0)\(kind.params[$0]?.required == true ? "" : "?")" }.joined(separator: ", ") + "}"
                + (described ? ": \(kind.description)" : "")
        }.joined(separator: "; ")
    }
}

/// What a tool's run has at hand: the tools' session (under the call's stop and progress), the
/// host's facts, and the human, when the client can ask them (`elicitation/create`).
struct ToolContext: Sendable {
    let session: NavSession
    let host: HostFacts
    let stop: CallStop
    let progress: (@Sendable (Double) -> Void)?
    /// Asks the human through the client; nil when the client did not declare `elicitation`.
    let elicit: (@Sendable (String, Elicitation.RequestSchema) async throws -> CreateElicitation.Result)?

    /// Runs `body` as one job of the tools' session.
    func calls<T: Sendable>(_ body: @escaping @Sendable (SessionJob) throws -> T) async throws -> T {
        try await session.perform(stop, progress: progress, body)
    }
}

/// A tool's answer, as the `tools/call` result: one text content for a model, the structured
/// content for a program, and whether it is an error.
struct ToolAnswer: Equatable, Sendable {
    var text: String
    var structured: JSONValue?
    var isError = false

    init(text: String, structured: JSONValue?, isError: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
    }

    /// A failure: its message, and no structured content.
    init(_ failure: ToolFailure) {
        self.init(text: failure.message, structured: nil, isError: true)
    }

    /// A screen. One shown with a section that failed (a rate limit, the network) is the screen
    /// and an error: the text says first what failed, so a model retries or tells the user.
    init(_ screen: ScreenAnswer) {
        let failures = screen.failures
        let text = failures.isEmpty ? screen.text : "Could not load " + failures.joined(separator: "; ") + "\n\n" + screen.text
        self.init(text: text, structured: screen.structuredContent, isError: !failures.isEmpty)
    }

    /// The `tools/call` result.
    var json: JSONValue {
        var fields: [String: JSONValue] = ["content": [["type": "text", "text": .string(text)]]]
        if let structured { fields["structuredContent"] = structured }
        if isError { fields["isError"] = true }
        return .object(fields)
    }
}
