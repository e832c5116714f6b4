import GitHubModels
import ListController
import NavProtocol

/// A screen's params object, read field by field; errors name the field ("params.login ...").
struct ScreenParams {
    private let fields: [String: JSONValue]

    /// Accepts an object, or null for a screen opened without params.
    init(_ params: JSONValue) throws {
        switch params {
        case .null: fields = [:]
        case .object(let object): fields = object
        default: throw ScreenError.invalidParams("params must be an object, found \(params.typeName)")
        }
    }

    func requiredString(_ field: String) throws -> String {
        guard let value = fields[field]?.stringValue?.trimmed, !value.isEmpty else {
            throw ScreenError.invalidParams("params.\(field) must be a non-empty string")
        }
        return value
    }

    /// nil when the field is absent or null.
    func optionalString(_ field: String) throws -> String? {
        guard let value = fields[field], !value.isNull else { return nil }
        guard let string = value.stringValue else {
            throw ScreenError.invalidParams("params.\(field) must be a string, found \(value.typeName)")
        }
        return string
    }

    /// A whole number of at least 1 (an issue's number).
    func requiredPositiveInt(_ field: String) throws -> Int {
        guard let value = fields[field]?.intValue, value >= 1 else {
            throw ScreenError.invalidParams("params.\(field) must be an integer of at least 1")
        }
        return value
    }

    /// The `state` of an issue list: "open" when absent.
    func stateFilter() throws -> GitHubStateFilter {
        let field = GitHubNavigation.stateParam
        guard let text = try optionalString(field) else { return .open }
        guard let state = GitHubStateFilter(rawValue: text) else {
            throw ScreenError.invalidParams("params.\(field) must be one of open, closed, all, not '\(text)'")
        }
        return state
    }

    /// The `owner` and `name` params of a repository's screens.
    func repository() throws -> (owner: String, name: String) {
        (try requiredString(GitHubNavigation.ownerParam), try requiredString(GitHubNavigation.nameParam))
    }
}
