import NavProtocol

/// An action (docs/protocol.md, section 11) as one line of text, the same in every client that
/// prints one: `navhost show --actions` under a row, `navhost mcp`'s actions tool for a model.
///
///     close: Close… [x] destructive, asks to confirm; input reason (one of completed, not_planned; default completed)
public enum ActionText {
    public static func line(_ action: Action) -> String {
        var traits: [String] = []
        if action.readOnly { traits.append("read-only") }
        if action.destructive { traits.append("destructive, asks to confirm") }
        if action.idempotent && !action.readOnly { traits.append("idempotent") }
        if let fields = action.input, !fields.isEmpty { traits.append("input " + fields.map(field).joined(separator: ", ")) }
        if let disabled = action.disabled { traits.append("disabled: \(disabled.reason)") }
        let key = action.key.map { " [\($0)]" } ?? ""
        return "\(action.id): \(action.title)\(key)" + (traits.isEmpty ? "" : " " + traits.joined(separator: "; "))
    }

    /// `body (text; required)`, `reason (one of completed, not_planned; default completed)`.
    public static func field(_ field: ActionField) -> String {
        var parts = [field.type == .enum ? "one of " + (field.options ?? []).joined(separator: ", ") : field.type.rawValue]
        if field.required == true { parts.append("required") }
        if let value = field.default { parts.append("default \(value.stringValue ?? String(decoding: value.serialized(), as: UTF8.self))") }
        return "\(field.name) (\(parts.joined(separator: "; ")))"
    }
}
