import MCP
import NavProtocol

/// The tools an agent browses with, each as `tools/list` shows it: a title, a description
/// written for a model, an input schema and the output schema of `ScreenAnswer`.
enum NavTools {
    enum Name: String, CaseIterable {
        case open, push, search, select, back, rows, stack
    }

    /// Rows a navigation answer carries before a cursor is needed.
    static let firstWindow = 50

    static func list(catalog: [ScreenDescriptor]) -> [Tool] {
        Name.allCases.map { tool($0, catalog: catalog) }
    }

    private static let rowIdNote = "Row ids look like user:mojombo, repo:mojombo/chronic or stats:stars."

    static func tool(_ name: Name, catalog: [ScreenDescriptor]) -> Tool {
        switch name {
        case .open:
            return Tool(
                name: name.rawValue, title: "Open a deep link",
                description: """
                    Replace the navigation stack with the screens a deep link names and show the top one. \
                    Paths look like users[/LOGIN[/starred|/repositories[/REPOSITORY[/readme|/issues[/N]|/pulls[/N]]]]]: \
                    users is the user search, users/LOGIN/repositories a user's repositories, users/LOGIN/starred \
                    the repositories they starred, users/LOGIN/repositories/NAME one repository (its about, \
                    browse, stats and links rows; the stars are the value count of row stats:stars), and under it \
                    readme, issues, issues/N (one issue with its comments), pulls and pulls/N. \
                    Example: {"path": "users/mojombo/repositories/chronic"}.
                    """,
                inputSchema: object(["path": ["type": "string", "description": "A deep link, e.g. users/mojombo/repositories/chronic"]], required: ["path"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true),
                outputSchema: answerSchema)
        case .push:
            let kinds = catalog.map { descriptor in
                let params = descriptor.params.keys.sorted().map { key in "\(key)\(descriptor.params[key]?.required == true ? "" : "?")" }
                return "\(descriptor.kind.rawValue) {\(params.joined(separator: ", "))}: \(descriptor.description)"
            }
            return Tool(
                name: name.rawValue, title: "Push a screen",
                description: """
                    Push a screen of any kind onto the stack and show it. Kinds and their params: \(kinds.joined(separator: "; ")). \
                    Example: {"kind": "followers", "params": {"login": "mojombo"}}.
                    """,
                inputSchema: object([
                    "kind": ["type": "string", "enum": .array(catalog.map { .string($0.kind.rawValue) }), "description": "The screen kind"],
                    "params": ["type": "object", "description": "The kind's params, e.g. {\"login\": \"mojombo\"}"],
                ], required: ["kind"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
                outputSchema: answerSchema)
        case .search:
            return Tool(
                name: name.rawValue, title: "Search the top screen",
                description: """
                    Set the top screen's search text and show its rows again: on the user search it finds users \
                    by login or name, on a list it filters by name. An empty text clears the search. \
                    Example: {"text": "mojombo"}.
                    """,
                inputSchema: object(["text": ["type": "string", "description": "The search text; \"\" clears it"]], required: ["text"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: true),
                outputSchema: answerSchema)
        case .select:
            return Tool(
                name: name.rawValue, title: "Select a row",
                description: """
                    Select a row of the top screen, as a tap would: a row with › pushes its screen (a user's \
                    repositories, a repository), a link row answers its URL, others do nothing. \(rowIdNote) \
                    Only rows already read can be selected (the answer's rows, or rows read with rows). \
                    Example: {"rowId": "repo:mojombo/chronic"}.
                    """,
                inputSchema: object(["rowId": ["type": "string", "description": "A row id from the top screen, e.g. user:mojombo"]], required: ["rowId"]),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
                outputSchema: answerSchema)
        case .back:
            return Tool(
                name: name.rawValue, title: "Go back",
                description: "Pop the top screen and show the one below it. The root screen cannot be popped. Example: {}.",
                inputSchema: object([:], required: []),
                annotations: .init(readOnlyHint: false, destructiveHint: false, idempotentHint: false),
                outputSchema: answerSchema)
        case .rows:
            return Tool(
                name: name.rawValue, title: "Read rows",
                description: """
                    Read a window of the top screen's rows (of one section when given). An answer with more rows \
                    to follow has nextCursor: pass it back as cursor for the next window; a cursor stays valid while \
                    its screen is on the stack with the same search. \(rowIdNote) \
                    Examples: {"limit": 100}, {"section": "popular"}, {"cursor": "<nextCursor of the last answer>"}.
                    """,
                inputSchema: object([
                    "section": ["type": "string", "description": "A section id of the top screen, e.g. popular"],
                    "limit": ["type": "integer", "minimum": 1, "maximum": .int(RowsRequest.maxLimit), "description": "Rows in the window (default \(firstWindow))"],
                    "cursor": ["type": "string", "description": "The nextCursor of an earlier answer"],
                ], required: []),
                annotations: .init(readOnlyHint: true),
                outputSchema: answerSchema)
        case .stack:
            return Tool(
                name: name.rawValue, title: "Show the stack",
                description: "Show the navigation stack, root first, and the top screen with its first rows. Changes nothing. Example: {}.",
                inputSchema: object([:], required: []),
                annotations: .init(readOnlyHint: true),
                outputSchema: answerSchema)
        }
    }

    private static func object(_ properties: [String: Value], required: [String]) -> Value {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    private static let screenSchema: Value = [
        "type": "object",
        "properties": ["id": ["type": "string"], "kind": ["type": "string"], "title": ["type": "string"], "params": ["type": "object"]],
        "required": ["id", "kind", "title", "params"],
    ]

    /// `ScreenAnswer.structuredContent`.
    static let answerSchema: Value = [
        "type": "object",
        "properties": [
            "screen": screenSchema,
            "stack": ["type": "array", "items": screenSchema],
            "revision": ["type": "integer"],
            "sections": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "id": ["type": "string"], "header": ["type": "string"], "footer": ["type": "string"],
                        "count": ["type": "integer"], "hasMore": ["type": "boolean"],
                    ],
                    "required": ["id", "count"],
                ],
            ],
            "rows": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "id": ["type": "string"], "kind": ["type": "string"], "title": ["type": "string"],
                        "subtitle": ["type": "string"], "detail": ["type": "string"], "section": ["type": "string"],
                        "accessory": ["type": "string", "enum": ["disclosure", "link"]],
                        "values": ["type": "object", "description": "Typed values: counts as numbers, URLs and dates as strings"],
                    ],
                    "required": ["id", "kind", "title"],
                ],
            ],
            "nextCursor": ["type": "string", "description": "Pass as cursor to rows for the next window"],
            "action": ["type": "string", "enum": ["push", "pop", "openURL", "none"]],
            "url": ["type": "string"],
        ],
        "required": ["screen", "stack", "revision", "sections", "rows"],
    ]
}
