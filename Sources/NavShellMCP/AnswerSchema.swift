import MCP
import NavProtocol

/// The schemas the tools share: an input object, and the output of a screen answer
/// (`ScreenAnswer.structuredContent`).
enum AnswerSchema {
    /// An input schema: an object of these properties, no others.
    static func input(_ properties: [String: Value], required: [String] = []) -> Value {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    /// A string that is one of a protocol enum's raw values, listed from its cases so that a
    /// case added is offered too; `adding` the server's own values beside them.
    static func oneOf<Cases: CaseIterable & RawRepresentable>(_ type: Cases.Type, adding extra: [String] = []) -> Value
    where Cases.RawValue == String {
        ["type": "string", "enum": .array((type.allCases.map(\.rawValue) + extra).map { .string($0) })]
    }

    static let rowIdNote = "Row ids look like user:mojombo, repo:mojombo/chronic or stats:stars."

    /// The `rowIds` argument of the action tools.
    static let rowIds: Value = [
        "type": "array", "items": ["type": "string"], "maxItems": .int(ActionsRequest.maxRowIds),
        "description": "Ids of rows of the top screen; none for the screen's own item",
    ]

    private static let screen: Value = [
        "type": "object",
        "properties": ["id": ["type": "string"], "kind": ["type": "string"], "title": ["type": "string"], "params": ["type": "object"]],
        "required": ["id", "kind", "title", "params"],
    ]

    private static let field: Value = [
        "type": "object",
        "properties": [
            "name": ["type": "string"], "title": ["type": "string"],
            "type": oneOf(ActionField.FieldType.self),
            "required": ["type": "boolean"], "options": ["type": "array", "items": ["type": "string"]], "default": [:],
        ],
        "required": ["name", "title", "type"],
    ]

    /// What the actions tool answers: the actions as `screen/actions` gives them.
    static let actions: Value = [
        "type": "object",
        "properties": [
            "screen": ["type": "string"],
            "rowIds": ["type": "array", "items": ["type": "string"]],
            "actions": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "id": ["type": "string"], "title": ["type": "string"], "key": ["type": "string"],
                        "readOnly": ["type": "boolean"], "destructive": ["type": "boolean"], "idempotent": ["type": "boolean"],
                        "input": ["type": "array", "items": field],
                        "disabled": ["type": "object", "properties": ["reason": ["type": "string"]]],
                    ],
                    "required": ["id", "title", "readOnly", "destructive", "idempotent"],
                ],
            ],
        ],
        "required": ["screen", "rowIds", "actions"],
    ]

    /// What the perform tool answers: `screen/perform`'s result, or what the user answered instead.
    static let performed: Value = [
        "type": "object",
        "properties": [
            "screen": ["type": "string"],
            "status": oneOf(PerformResult.Status.self, adding: PerformAnswer.NotDone.allCases.map(\.rawValue)),
            "results": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": ["id": ["type": "string"], "status": ["type": "string"], "url": ["type": "string"], "text": ["type": "string"], "error": ["type": "object"]],
                    "required": ["id", "status"],
                ],
            ],
            "revision": ["type": "integer"],
            "fields": ["type": "array", "items": field],
            "input": ["type": "object"],
            "message": ["type": "string"],
            "confirm": ["type": "string", "description": "Send back as confirm, once the user agreed"],
            "expiresIn": ["type": "integer"],
        ],
        "required": ["status"],
    ]

    /// `ScreenAnswer.structuredContent`.
    static let screenAnswer: Value = [
        "type": "object",
        "properties": [
            "screen": screen,
            "stack": ["type": "array", "items": screen],
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
                        "accessory": oneOf(Accessory.self),
                        "values": ["type": "object", "description": "Typed values: counts as numbers, URLs and dates as strings"],
                    ],
                    "required": ["id", "kind", "title"],
                ],
            ],
            "nextCursor": ["type": "string", "description": "Pass as cursor to rows for the next window"],
            "action": oneOf(SelectionOutcome.self),
            "url": ["type": "string"],
        ],
        "required": ["screen", "stack", "revision", "sections", "rows"],
    ]
}
