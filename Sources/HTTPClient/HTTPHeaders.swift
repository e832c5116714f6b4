/// HTTP header fields in the order they were added or received. A name may occur several
/// times; lookups ignore ASCII case. Printing a value never shows credentials: the values of
/// `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` print as `<redacted>`.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field] = []

    public init() {}

    public init(_ pairs: [(String, String)]) {
        fields = pairs.map { Field(name: $0.0, value: $0.1) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    /// The first value of `name`, if any.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    public func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Adds a field, keeping any others of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field of this name with one.
    public mutating func set(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    public mutating func remove(name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    /// Appends to the last field's value (an obsolete folded header line).
    mutating func appendToLastValue(_ text: String) {
        guard !fields.isEmpty else { return }
        fields[fields.count - 1].value += " " + text
    }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    public var count: Int { fields.count }

    /// Header names whose values are secrets.
    public static let sensitiveNames: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    public static func isSensitive(_ name: String) -> Bool {
        sensitiveNames.contains(name.lowercased())
    }

    static func sameName(_ left: String, _ right: String) -> Bool {
        left.utf8.count == right.utf8.count && left.lowercased() == right.lowercased()
    }
}

extension HTTPHeaders: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String {
        "[" + fields.map { "\($0.name): \(Self.isSensitive($0.name) ? "<redacted>" : $0.value)" }.joined(separator: ", ") + "]"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: fields.map { "\($0.name): \(Self.isSensitive($0.name) ? "<redacted>" : $0.value)" }, displayStyle: .collection)
    }
}
