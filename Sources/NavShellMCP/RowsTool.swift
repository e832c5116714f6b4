import MCP
import NavClient
import NavProtocol

/// `rows`: a window of the top screen's rows, and the cursor of the next one.
enum RowsTool: NavTool {
    static let name = "rows"

    struct Arguments: Sendable {
        var section: String?
        var limit: Int?
        var cursor: String?
    }

    static func definition(_ host: HostFacts) -> Tool {
        Tool(
            name: name, title: "Read rows",
            description: """
                Read a window of the top screen's rows (of one section when given). An answer with more rows \
                to follow has nextCursor: pass it back as cursor for the next window; a cursor stays valid while \
                its screen is on the stack with the same search. \(AnswerSchema.rowIdNote) \
                Examples: {"limit": 100}, {"section": "popular"}, {"cursor": "<nextCursor of the last answer>"}.
                """,
            inputSchema: AnswerSchema.input([
                "section": ["type": "string", "description": "A section id of the top screen, e.g. popular"],
                "limit": ["type": "integer", "minimum": 1, "maximum": .int(RowsRequest.maxLimit), "description": "Rows in the window (default \(SessionJob.firstWindow))"],
                "cursor": ["type": "string", "description": "The nextCursor of an earlier answer"],
            ]),
            annotations: .init(readOnlyHint: true),
            outputSchema: AnswerSchema.screenAnswer)
    }

    static func arguments(_ reader: inout ArgumentReader) throws(ToolFailure) -> Arguments {
        Arguments(
            section: try reader.optionalString("section"), limit: try reader.integer("limit", 1...RowsRequest.maxLimit),
            cursor: try reader.optionalString("cursor"))
    }

    static func activity(_ arguments: Arguments) -> String { "reading rows" }

    static func run(_ arguments: Arguments, _ context: ToolContext) async throws -> ToolAnswer {
        guard let text = arguments.cursor else {
            return ToolAnswer(try await context.calls { job in
                try job.window(section: arguments.section, limit: arguments.limit ?? SessionJob.firstWindow)
            })
        }
        guard let cursor = RowCursor(decoding: text) else {
            throw ToolFailure("rows: that cursor is not one this server gave; pass the nextCursor of an answer as it is, or call rows without a cursor")
        }
        if let section = arguments.section, section != cursor.section {
            throw ToolFailure("rows: that cursor reads section \(cursor.section ?? "(all)"), not \(section); leave section out with a cursor")
        }
        return ToolAnswer(try await context.calls { job in try job.window(after: cursor, limit: arguments.limit ?? cursor.limit) })
    }
}
