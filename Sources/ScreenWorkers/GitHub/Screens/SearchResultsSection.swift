import ListController

extension ListSection {
    /// The section of a screen's search results, titled by the query, with a footer when none match.
    static func searchResults(id: String, noun: String, query: String, items: [Item]) -> ListSection {
        ListSection(
            id: id,
            header: "\(noun.prefix(1).uppercased() + noun.dropFirst()) matching '\(query)'",
            footer: items.isEmpty ? "No \(noun) match '\(query)'" : nil,
            items: items)
    }
}
