/// A screen as values: its place on the stack and the rows `screen/rows` returned for it.
public struct ScreenSnapshot: Sendable, Equatable {
    public var screen: Screen
    public var revision: Int
    public var sections: [SectionInfo]
    public var rows: [Row]

    public init(screen: Screen, revision: Int, sections: [SectionInfo], rows: [Row]) {
        self.screen = screen
        self.revision = revision
        self.sections = sections
        self.rows = rows
    }

    public func rows(inSection id: String) -> [Row] { rows.filter { $0.section == id } }


    public func row(id: String) -> Row? { rows.first { $0.id == id } }
}
