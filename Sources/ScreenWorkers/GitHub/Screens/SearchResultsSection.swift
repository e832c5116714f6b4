import ListController

extension SectionSource {
    /// The section of a screen's search results, titled by the query, with a footer when none match.
    static func searchResults(id: String, noun: String, query: String, loader: SectionLoader<Item>) -> SectionSource {
        SectionSource(
            id: id, header: "\(noun.prefix(1).uppercased() + noun.dropFirst()) matching '\(query)'",
            emptyFooter: "No \(noun) match '\(query)'", loader: loader)
    }
}
