import NavProtocol

/// One action a screen offers on an item, and how it runs. A screen declares its actions per
/// row kind in its own file (`ListScreen.actionTarget(for:row:)`), as it declares selection; the
/// controller does the rest: listing, input checks, confirmation, one write at a time, the
/// update of the rows and the answer (`ListController+Actions`).
public struct ItemAction {
    public var action: Action
    /// Why it cannot be performed now, with `action.disabled` saying so to the client.
    public var refusal: ActionFailure?
    /// For a destructive action: what the confirmation asks, given the input.
    public var confirmation: ((ActionInput) -> String)?
    /// The rows as they will show once the write is done (the target's row, or the facts of the
    /// screen's own item that change): shown before the source answers, put back if it fails.
    public var preview: ((ActionInput) -> [Row])?
    /// Performs the write and calls `completion` on the loop, once.
    public var perform: (ActionInput, @escaping (Result<Void, ActionFailure>) -> Void) -> Void

    public init(
        _ action: Action, refusal: ActionFailure? = nil, confirmation: ((ActionInput) -> String)? = nil,
        preview: ((ActionInput) -> [Row])? = nil,
        perform: @escaping (ActionInput, @escaping (Result<Void, ActionFailure>) -> Void) -> Void
    ) {
        var action = action
        if let refusal { action.disabled = Action.Disabled(reason: refusal.message) }
        action.destructive = action.destructive || confirmation != nil
        self.action = action
        self.refusal = refusal
        self.confirmation = confirmation
        self.preview = preview
        self.perform = perform
    }
}

/// What can be acted on: the item a loaded row shows, or the screen's own item.
public struct ActionTarget {
    /// The row's id; for a screen's own item, the id its rows have in lists (`repo:owner/name`).
    public var id: String
    /// The writes it offers, in the order a menu lists them.
    public var actions: [ItemAction]
    /// What a confirmation is bound to: the item's state as the screen shows it (an issue's
    /// `updated_at`, a pull request's head SHA). A confirmation given for another state is stale.
    public var state: String
    /// Its web address, for `open-url` and `copy-url`.
    public var url: String?
    /// Its text, for `copy-text`.
    public var text: String

    public init(id: String, actions: [ItemAction] = [], state: String = "", url: String?, text: String) {
        self.id = id
        self.actions = actions
        self.state = state
        self.url = url
        self.text = text
    }

    /// A row's target with no writes: its URL is `values.url` or the one selecting it opens.
    public init(row: Row, selection: SelectionAction, actions: [ItemAction] = [], state: String = "", url: String? = nil) {
        var address = url ?? row.values?["url"]?.stringValue
        if address == nil, case .openURL(let selected) = selection { address = selected }
        let text = [row.title, row.subtitle, row.detail].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "\n")
        self.init(id: row.id, actions: actions, state: state, url: address, text: text)
    }
}

/// The values an action was given, by field name: checked against its fields before it runs,
/// with the fields' defaults filled in.
public struct ActionInput: Sendable, Equatable {
    public var values: [String: JSONValue]

    public init(_ values: [String: JSONValue] = [:]) { self.values = values }

    public func string(_ name: String) -> String? { values[name]?.stringValue }
}

/// Why a write failed, for the client (`-32016`'s `data`): the reason, the message, and where
/// GitHub answered, its status and `Retry-After`.
public struct ActionFailure: Error, Equatable {
    public var reason: ActionFailureReason
    public var message: String
    public var status: Int?
    public var retryAfter: Int?

    public init(_ reason: ActionFailureReason, _ message: String, status: Int? = nil, retryAfter: Int? = nil) {
        self.reason = reason
        self.message = message
        self.status = status
        self.retryAfter = retryAfter
    }

    /// The JSON-RPC error, with the input as the client sent it.
    public func rpcError(action: String, input: JSONValue?, extra: [String: JSONValue] = [:]) -> RPCError {
        .actionFailed(message, reason: reason, action: action, input: input, status: status, retryAfter: retryAfter, extra: extra)
    }
}

/// The read-only actions every row has where they apply, after the screen's own.
enum ReadOnlyAction: String, CaseIterable {
    case openURL = "open-url", copyURL = "copy-url", copyText = "copy-text"

    var action: Action {
        switch self {
        case .openURL: return Action(id: rawValue, title: "Open in browser", key: "u", readOnly: true, idempotent: true)
        case .copyURL: return Action(id: rawValue, title: "Copy URL", key: "y", readOnly: true, idempotent: true)
        case .copyText: return Action(id: rawValue, title: "Copy text", key: "Y", readOnly: true, idempotent: true)
        }
    }

    func applies(to target: ActionTarget) -> Bool { self == .copyText || target.url != nil }

    /// What the client does with it: open the URL, or copy the text.
    func result(for target: ActionTarget) -> PerformResult.TargetResult {
        switch self {
        case .openURL: return PerformResult.TargetResult(id: target.id, url: target.url)
        case .copyURL: return PerformResult.TargetResult(id: target.id, text: target.url)
        case .copyText: return PerformResult.TargetResult(id: target.id, text: target.text)
        }
    }
}
