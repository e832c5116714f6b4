import GitHubData
import GitHubModels
import ListController
import NavProtocol
import UVKit

/// A repository's README as readable text: a section per heading (the text before the first
/// one under the file's name), a row per paragraph, list item and code line; each link is a row
/// that opens it. Params: `{owner, name}`. The query keeps the rows that contain it.
final class ReadmeScreen: GitHubScreen {
    static let descriptor = ScreenDescriptor(
        kind: "readme", description: "A repository's README as readable text; links open their URL", params: GitHubNavigation.repositoryParams)
    let owner: String
    let name: String
    /// The README read when the screen opens, as its sections: decoded and parsed once, since
    /// every query filters the same lines.
    private var sections: [(header: String, lines: [MarkdownLine])]?
    private let source: any GitHubSource

    init(params: JSONValue, source: any GitHubSource) throws {
        (owner, name) = try ScreenParams(params).repository()
        self.source = source
    }

    var title: String { "\(owner)/\(name) README" }

    func prepare(completion: @escaping (Result<Void, any Error>) -> Void) -> Cancellable? {
        source.readme(owner: owner, name: name) { [weak self] result in completion(result.map { self?.sections = Self.sections(of: $0) }) }
    }

    private static func sections(of readme: GitHubReadme) -> [(header: String, lines: [MarkdownLine])] {
        let base = readme.htmlURL.map { String($0[..<($0.lastIndex(of: "/") ?? $0.endIndex)]) }
        var sections: [(header: String, lines: [MarkdownLine])] = [(readme.name, [])]
        for line in MarkdownLines.lines(of: readme.text ?? "", base: base) {
            if line.style == .heading { sections.append((line.text, [])) } else { sections[sections.count - 1].lines.append(line) }
        }
        return sections
    }

    func sections(for query: String) -> [SectionSource<NumberedLine>] {
        guard let sections else { return [] }
        let search = query.trimmed
        return sections.enumerated().compactMap { index, section in
            let lines = search.isEmpty ? section.lines : section.lines.filter { $0.text.containsIgnoringCase(search) || section.header.containsIgnoringCase(search) }
            guard !lines.isEmpty || (search.isEmpty && index > 0) else { return nil }
            return .items(id: "section-\(index)", header: section.header, lines.enumerated().map { NumberedLine(id: "line:\(index).\($0)", line: $1) })
        }
    }

    func row(for item: NumberedLine) -> Row { TextRow.row(for: item.line, id: item.id) }

    func selection(for item: NumberedLine) -> SelectionAction { TextRow.selection(for: item.line) }
}
