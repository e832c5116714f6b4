import ListController
import NavProtocol

/// One labelled fact on the repository screen: its row and what selecting it does.
public struct RepositoryDetail: Sendable, Equatable {
    /// Stable within the screen: "<section>:<fact>", e.g. "stats:stars".
    public var id: String
    public var kind: String
    public var label: String
    public var value: String
    /// The typed value behind `value`, for the row's `values`.
    public var values: JSONValue
    public var accessory: Accessory?
    public var action: SelectionAction

    public init(
        id: String, kind: String, label: String, value: String, values: JSONValue, accessory: Accessory? = nil,
        action: SelectionAction = .none
    ) {
        self.id = id
        self.kind = kind
        self.label = label
        self.value = value
        self.values = values
        self.accessory = accessory
        self.action = action
    }

    public var row: Row {
        Row(id: id, kind: kind, title: label, detail: value, accessory: accessory, values: values)
    }
}
