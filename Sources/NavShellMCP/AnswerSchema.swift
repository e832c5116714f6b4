import MCP

/// The schemas the tools share: an input object, and the output of a screen answer
/// (`ScreenAnswer.structuredContent`).
enum AnswerSchema {
    /// An input schema: an object of these properties, no others.
    static func input(_ properties: [String: Value], required: [String] = []) -> Value {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    static let rowIdNote = "Row ids look like user:mojombo, repo:mojombo/chronic or stats:stars."

    private static let screen: Value = [
        "type": "object",
        "properties": ["id": ["type": "string"], "kind": ["type": "string"], "title": ["type": "string"], "params": ["type": "object"]],
        "required": ["id", "kind", "title", "params"],
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
