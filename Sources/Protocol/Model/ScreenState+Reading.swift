/// A worker's `worker/open` answer read by hand: navhost reads one on every push, and `Codable`
/// would be most of its work on the answer (a conformance look-up per field and section).
extension ScreenState {
    /// The answer's members (its first rows set apart) as a screen state: the shape workers
    /// write read by hand, any other by `Decodable`, which reads or refuses it as before. Nil
    /// when they are not a screen state.
    public static func read(from fields: [String: JSONValue]) -> ScreenState? {
        ScreenState(handReading: fields) ?? (try? JSONValueDecoder().decode(ScreenState.self, from: .object(fields)))
    }

    /// Unknown members are ignored, as by `Decodable`; nil for a member of another type, and
    /// for rows (left to `Decodable`).
    init?(handReading fields: [String: JSONValue]) {
        guard case .int(let revision)? = fields["revision"], case .array(let list)? = fields["sections"] else { return nil }
        var sections: [SectionInfo] = []
        sections.reserveCapacity(list.count)
        for element in list {
            guard case .object(let members) = element, let section = SectionInfo(fields: members) else { return nil }
            sections.append(section)
        }
        self.init(revision: revision, sections: sections)
        for (key, value) in fields {
            switch (key, value) {
            case ("screen", .string(let text)): screen = text
            case ("title", .string(let text)): title = text
            case ("loading", .bool(let flag)): loading = flag
            case ("revision", _), ("sections", _), ("screen", .null), ("title", .null), ("loading", .null): break
            case ("screen", _), ("title", _), ("loading", _), ("rows", _): return nil
            default: break
            }
        }
    }
}

extension SectionInfo {
    init?(fields: [String: JSONValue]) {
        guard case .string(let id)? = fields["id"], case .int(let count)? = fields["count"] else { return nil }
        self.init(id: id, count: count)
        for (key, value) in fields {
            switch (key, value) {
            case ("header", .string(let text)): header = text
            case ("footer", .string(let text)): footer = text
            case ("error", .string(let text)): error = text
            case ("hasMore", .bool(let flag)): hasMore = flag
            case ("stale", .bool(let flag)): stale = flag
            case ("state", .string(let name)):
                guard let state = SectionState(rawValue: name) else { return nil }
                self.state = state
            case ("id", _), ("count", _): break
            case ("header", .null), ("footer", .null), ("error", .null), ("hasMore", .null), ("stale", .null), ("state", .null): break
            case ("header", _), ("footer", _), ("error", _), ("hasMore", _), ("stale", _), ("state", _): return nil
            default: break
            }
        }
    }
}
