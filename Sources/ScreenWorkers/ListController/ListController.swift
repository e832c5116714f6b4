import NavProtocol

/// A screen as the worker drives it, whatever its item type.
public protocol ScreenController: AnyObject {
    var title: String { get }
    /// Grows by one each time the screen's visible data changes.
    var revision: Int { get }
    var query: String { get }
    var sections: [SectionInfo] { get }
    /// Loads (or reloads) the data for a query; the revision moves only if the rows changed.
    func load(query: String) throws
    /// A window of rows: of one section when `section` is given, else of all sections in order.
    func rows(section: String?, offset: Int, limit: Int) throws -> [Row]
    /// What selecting the row with this id asks for.
    func select(rowId: String) throws -> SelectionAction
}

/// The generic list controller: holds a screen's loaded sections, renders rows through the
/// screen's cell configuration, serves windows and resolves selections by stable row id.
public final class ListController<S: ListScreen>: ScreenController {
    public let screen: S
    public private(set) var revision = 0
    public private(set) var query = ""
    private var loaded: [LoadedSection] = []
    private var locationByRowId: [String: (section: Int, index: Int)] = [:]

    private struct LoadedSection {
        var info: SectionInfo
        var items: [S.Item]
        var rows: [Row]
    }

    public init(screen: S) {
        self.screen = screen
    }

    public var title: String { screen.title }

    public var sections: [SectionInfo] { loaded.map(\.info) }

    public func load(query: String) throws {
        let fresh = try screen.loadSections(query: query).map { section in
            LoadedSection(
                info: SectionInfo(id: section.id, header: section.header, footer: section.footer, count: section.items.count),
                items: section.items,
                rows: section.items.map { item in
                    var row = screen.row(for: item)
                    row.section = section.id
                    return row
                }
            )
        }
        self.query = query
        let changed = revision == 0 || fresh.map(\.info) != loaded.map(\.info) || fresh.map(\.rows) != loaded.map(\.rows)
        loaded = fresh
        locationByRowId = [:]
        for (sectionIndex, section) in loaded.enumerated() {
            for (index, row) in section.rows.enumerated() {
                locationByRowId[row.id] = (sectionIndex, index)
            }
        }
        if changed { revision += 1 }
    }

    public func rows(section: String?, offset: Int, limit: Int) throws -> [Row] {
        guard offset >= 0 else { throw ScreenError.invalidParams("offset must not be negative") }
        guard limit >= 0 else { throw ScreenError.invalidParams("limit must not be negative") }
        if let section {
            guard let found = loaded.first(where: { $0.info.id == section }) else {
                throw ScreenError.notFound("no section '\(section)'; sections are: \(loaded.map(\.info.id).joined(separator: ", "))")
            }
            return window(of: found.rows, offset: offset, limit: limit)
        }
        var result: [Row] = []
        var skip = offset
        for section in loaded where result.count < limit {
            if skip >= section.rows.count {
                skip -= section.rows.count
                continue
            }
            result += window(of: section.rows, offset: skip, limit: limit - result.count)
            skip = 0
        }
        return result
    }

    public func select(rowId: String) throws -> SelectionAction {
        guard let location = locationByRowId[rowId] else {
            throw ScreenError.notFound("no row with id '\(rowId)' on this screen")
        }
        return screen.selection(for: loaded[location.section].items[location.index])
    }

    private func window(of rows: [Row], offset: Int, limit: Int) -> [Row] {
        guard offset < rows.count else { return [] }
        return Array(rows[offset..<min(rows.count, offset + limit)])
    }
}
