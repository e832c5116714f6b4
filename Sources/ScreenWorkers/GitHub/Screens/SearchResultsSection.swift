import ListController

extension SectionSource {
    /// The section of a screen's search results, titled by the query, with a footer when none match.
    static func searchResults(id: String, noun: String, query: String, loader: SectionLoader<Item>) -> SectionSource {
        SectionSource(
            id: id, header: "\(noun.prefix(1).uppercased() + noun.dropFirst()) matching '\(query)'",
            emptyFooter: "No \(noun) match '\(query)'", loader: loader)
    }

    /// A list its screen filters itself: the whole list without a query; with one, the items
    /// `matches` keeps, as search results.
    static func filtered(
        id: String, header: String, emptyFooter: String, noun: String, query: String, loader: SectionLoader<Item>,
        matches: @escaping (Item, String) -> Bool
    ) -> SectionSource {
        let search = query.trimmed
        guard !search.isEmpty else { return SectionSource(id: id, header: header, emptyFooter: emptyFooter, loader: loader) }
        return searchResults(id: id, noun: noun, query: search, loader: loader.filtered { matches($0, search) })
    }
}
