import Yams

/// Row criteria, `values` conditions and `assertCount`.
extension FlowParser {
    /// A bare text matches any text of a row (title, subtitle or detail) wholly; a map gives
    /// any of title, subtitle, detail, text, id, kind, section, values, index.
    func criteria(_ node: Node, _ kind: String) throws -> RowCriteria {
        var criteria = RowCriteria()
        guard case .mapping = node else {
            criteria.text = try pattern(node)
            return criteria
        }
        let fields = try reader.fields(node, kind, allowed: allowedKeys(kind))
        criteria.title = try fields["title"].map(pattern)
        criteria.subtitle = try fields["subtitle"].map(pattern)
        criteria.detail = try fields["detail"].map(pattern)
        criteria.text = try fields["text"].map(pattern)
        criteria.id = try fields["id"].map { try reader.string($0, "id") }
        criteria.kind = try fields["kind"].map { try reader.string($0, "kind") }
        criteria.section = try fields["section"].map { try reader.string($0, "section") }
        criteria.index = try fields["index"].map { try reader.integer($0, "index") }
        if let values = fields["values"] {
            criteria.values = try reader.fields(values, "values", allowed: nil).sorted { $0.key < $1.key }.map { key, value in
                (key, try valueCondition(value, key))
            }
        }
        if kind != "assertCount", criteria.isEmpty { throw reader.error(node, "\(kind) needs one of: \(RowCriteria.keys.joined(separator: ", "))") }
        return criteria
    }

    /// `stars: 3238` (equal), `language: Ruby`, or `stars: {atLeast: 1000, atMost: 5000}`.
    private func valueCondition(_ node: Node, _ key: String) throws -> ValueCondition {
        guard case .mapping = node else {
            return .equals(try reader.scalarJSON(node), source: reader.isNull(node) ? "" : try reader.string(node, key))
        }
        let fields = try reader.fields(node, "values.\(key)", allowed: ["atLeast", "atMost"])
        func bound(_ name: String) throws -> Double? {
            try fields[name].map { field in
                guard let number = Double(try reader.string(field, name)) else { throw reader.error(field, "\(name) must be a number") }
                return number
            }
        }
        let minimum = try bound("atLeast"), maximum = try bound("atMost")
        guard minimum != nil || maximum != nil else { throw reader.error(node, "values.\(key) needs atLeast or atMost") }
        return .range(atLeast: minimum, atMost: maximum)
    }

    private func pattern(_ node: Node) throws -> TextPattern {
        let source = try reader.string(node, "a text pattern")
        do {
            return try TextPattern(source)
        } catch {
            throw reader.error(node, "'\(source)' is not a regular expression: \(error)")
        }
    }

    func assertCount(_ node: Node) throws -> FlowAction {
        guard case .mapping = node else { return .assertCount(RowCriteria(), .exactly(try reader.integer(node, "assertCount"))) }
        let fields = try reader.fields(node, "assertCount", allowed: allowedKeys("assertCount"))
        let kinds: [(key: String, make: (Int) -> CountExpectation)] = [("count", { .exactly($0) }), ("atLeast", { .atLeast($0) }), ("atMost", { .atMost($0) })]
        let expectations = try kinds.compactMap { kind in
            try fields[kind.key].map { kind.make(try reader.integer($0, kind.key)) }
        }
        guard expectations.count == 1, let expectation = expectations.first else {
            throw reader.error(node, "assertCount needs exactly one of count, atLeast, atMost")
        }
        return .assertCount(try criteria(node, "assertCount"), expectation)
    }
}
