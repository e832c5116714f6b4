/// Row-level changes between two revisions, by stable row id, like a diffable data source's
/// snapshot difference. Indexes are positions in the whole list (all sections in order):
/// `removed` and `moved.from` in the old revision, `inserted` and `moved.to` in the new one.
public struct RowChanges: Codable, Sendable, Equatable {
    public var inserted: [RowPosition]
    public var removed: [RowPosition]
    public var moved: [RowMove]
    /// Rows whose id stayed but whose content changed.
    public var reconfigured: [String]

    public init(inserted: [RowPosition] = [], removed: [RowPosition] = [], moved: [RowMove] = [], reconfigured: [String] = []) {
        self.inserted = inserted
        self.removed = removed
        self.moved = moved
        self.reconfigured = reconfigured
    }

    public var isEmpty: Bool { inserted.isEmpty && removed.isEmpty && moved.isEmpty && reconfigured.isEmpty }
}

public struct RowPosition: Codable, Sendable, Equatable {
    public var id: String
    public var index: Int
    public init(id: String, index: Int) {
        self.id = id
        self.index = index
    }
}

public struct RowMove: Codable, Sendable, Equatable {
    public var id: String
    public var from: Int
    public var to: Int
    public init(id: String, from: Int, to: Int) {
        self.id = id
        self.from = from
        self.to = to
    }
}

extension RowChanges: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("inserted", inserted)
        writer.field("moved", moved)
        writer.field("reconfigured", reconfigured)
        writer.field("removed", removed)
        writer.endObject()
    }
}

extension RowPosition: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("id", id)
        writer.field("index", index)
        writer.endObject()
    }
}

extension RowMove: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.field("from", from)
        writer.field("id", id)
        writer.field("to", to)
        writer.endObject()
    }
}
