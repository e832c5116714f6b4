import MCP
import NavClient
import NavProtocol

/// What the perform tool answers, for a model (text) and a program (`structuredContent`), and
/// the forms it asks the human with.
enum PerformAnswer {
    static func targets(_ request: PerformRequest) -> String {
        request.rowIds.map { $0.joined(separator: ", ") } ?? "the screen's own item"
    }

    static func structured(_ result: PerformResult) -> JSONValue {
        (try? JSONValueEncoder().encode(result)) ?? .object(["status": .string(result.status.rawValue)])
    }

    static func done(_ result: PerformResult, _ request: PerformRequest) -> ToolAnswer {
        let outcomes = (result.results ?? []).map { target in
            switch target.status {
            case "done": return "- \(target.id): done" + (target.url.map { ", URL \($0)" } ?? "") + (target.text.map { ", text: \($0)" } ?? "")
            default: return "- \(target.id): failed: \(target.error?["message"]?.stringValue ?? "no reason given")"
            }
        }
        let failed = (result.results ?? []).contains { $0.status != "done" }
        let revision = result.revision.map { " The screen is at revision \($0): read it again with rows or stack." } ?? ""
        let text = (["\(failed ? "Partly done" : "Done"): \(request.action) on \(targets(request)).\(revision)"] + outcomes).joined(separator: "\n")
        return ToolAnswer(text: text, structured: structured(result), isError: failed)
    }

    static func needsInput(_ result: PerformResult, _ request: PerformRequest) -> ToolAnswer {
        let fields = (result.fields ?? []).map { "- " + ActionText.field($0) }
        let given = JSONValue.object(result.input ?? [:]).serializedString
        let text = (["Nothing was done: \(request.action) on \(targets(request)) needs input:"] + fields
            + ["Call perform again with the same rowIds and action and the whole input (given so far: \(given))."]).joined(separator: "\n")
        return ToolAnswer(text: text, structured: structured(result))
    }

    static func needsConfirmation(_ result: PerformResult, _ request: PerformRequest) -> ToolAnswer {
        let text = """
            Nothing was done yet: \(request.action) is destructive. Ask the user: "\(result.message ?? "")" \
            Only if they agree, call perform again with the same rowIds, action and input and confirm "\(result.confirm ?? "")" \
            within \(result.expiresIn ?? 0) s.
            """
        return ToolAnswer(text: text, structured: structured(result))
    }

    /// The statuses the tool answers beside `screen/perform`'s own: the human said no.
    enum NotDone: String, CaseIterable {
        case declined, cancelled
    }

    /// The user declined or cancelled the form: nothing was done.
    static func notDone(_ action: CreateElicitation.Result.Action, _ request: PerformRequest) -> ToolAnswer {
        let status: NotDone = action == .cancel ? .cancelled : .declined
        return ToolAnswer(
            text: "Nothing was done: the user \(status.rawValue) \(request.action) on \(targets(request)).",
            structured: ["status": .string(status.rawValue), "input": .object(request.input ?? [:])])
    }

    /// The fields still needed, as a flat elicitation form.
    static func form(_ fields: [ActionField]) -> Elicitation.RequestSchema {
        var properties: [String: Value] = [:]
        for field in fields {
            var property: [String: Value] = ["title": .string(field.title)]
            switch field.type {
            case .string, .text: property["type"] = "string"
            case .number: property["type"] = "number"
            case .boolean: property["type"] = "boolean"
            case .enum:
                property["type"] = "string"
                property["enum"] = .array((field.options ?? []).map { .string($0) })
            }
            if let value = field.default { property["default"] = Value(value) }
            properties[field.name] = .object(property)
        }
        return Elicitation.RequestSchema(properties: properties, required: fields.filter { $0.required == true }.map(\.name))
    }

    /// A yes/no for a destructive action; no is the default.
    static let yesNo = Elicitation.RequestSchema(
        properties: ["confirm": ["type": "boolean", "title": "Yes, do it", "default": false]], required: ["confirm"])

    /// What to do after a failure, by its reason (docs/protocol.md, "Failures").
    static func hint(reason: String, _ error: RPCError, _ request: PerformRequest) -> String? {
        let data = error.data
        let kept = error.inputGivenBack.map { " Your input was \(JSONValue.object($0).serializedString); send it again." } ?? ""
        switch reason {
        case "staleConfirmation": return "The confirmation no longer holds: call perform without confirm to be asked again."
        case "validation": return (data?["field"]?.stringValue.map { "Check the input field \($0) (the actions tool lists its type)." } ?? "Check the input.") + kept
        case "rateLimited":
            let wait = data?["retryAfter"]?.intValue.map { "wait \($0) s" } ?? "wait a moment"
            return "Too many writes: \(wait), then try once more.\(kept)"
        case "unavailable": return "The write could not be made now; try again in a moment.\(kept)"
        case "conflict": return "It changed since it was read: read the screen again (stack) and ask the user before trying again."
        default: return kept.isEmpty ? nil : String(kept.dropFirst())
        }
    }
}
