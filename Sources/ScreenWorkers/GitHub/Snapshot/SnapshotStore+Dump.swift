import GRDB

/// A snapshot's content as text: its schema and every row of its data tables in key order.
/// Two snapshots hold the same data exactly when their dumps are equal, whatever their file bytes.
public struct SnapshotDump: Equatable, Sendable {
    /// One line per schema object: "type name: sql".
    public var schema: [String]
    /// For each data table, one line per row, values separated by tabs.
    public var tables: [String: [String]]

    public func rowCount(_ table: String) -> Int {
        tables[table]?.count ?? 0
    }
}

extension SnapshotStore {
    public func dump() throws -> SnapshotDump {
        try read { db in
            let schema = try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
            var tables: [String: [String]] = [:]
            for table in SnapshotSchema.dataTables {
                // Column 1 is the primary key of every data table.
                tables[table] = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { row in
                    row.databaseValues.map(\.description).joined(separator: "\t")
                }
            }
            return SnapshotDump(schema: schema, tables: tables)
        }
    }
}
