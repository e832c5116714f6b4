import NavProtocol

/// A screen as one JSON object, the one shape for every client that prints or answers one:
/// `navhost show --json` prints it, `navhost mcp` answers it as a tool's `structuredContent`
/// (with its cursor and a selection's action beside) and as a resource's JSON content.
///
///     {"screen": {id, kind, title, params},
///      "stack": [Screen as nav/stack gives it, root first, each with its restoration token],
///      "revision": Int, "sections": [SectionInfo], "rows": [Row]}
///
/// The screen's token is in the stack, not repeated in `screen`. With `actions` (`navhost show
/// --actions`), each row has an `actions` array too, as `screen/actions` lists them for it.
public enum ScreenJSON {
    public static func object(_ screen: ScreenSnapshot, stack: [Screen], actions: [String: [Action]]? = nil) -> [String: JSONValue] {
        let encoder = JSONValueEncoder()
        let rows = screen.rows.map { row -> JSONValue in
            guard let actions, case .object(var fields)? = try? encoder.encode(row) else { return (try? encoder.encode(row)) ?? .null }
            fields["actions"] = .array((actions[row.id] ?? []).map { (try? encoder.encode($0)) ?? .null })
            return .object(fields)
        }
        return [
            "screen": place(screen.screen),
            "stack": .array(stack.map { (try? encoder.encode($0)) ?? place($0) }),
            "revision": .int(screen.revision),
            "sections": .array(screen.sections.map { (try? encoder.encode($0)) ?? .null }),
            "rows": .array(rows),
        ]
    }

    /// A screen without its token: `{id, kind, title, params}`.
    public static func place(_ screen: Screen) -> JSONValue {
        .object(["id": .string(screen.id), "kind": .string(screen.kind.rawValue), "title": .string(screen.title), "params": screen.params])
    }
}
