import ListController

extension SectionLoader {
    /// The same list with each item made into another (a comment into a screen's row item).
    func mapped<Other>(_ transform: @escaping (Item) -> Other) -> SectionLoader<Other> {
        switch self {
        case .items(let items):
            return .items(items.map(transform))
        case .pages(let pageSize, let load):
            return .pages(pageSize: pageSize) { cursor, completion in
                load(cursor) { result in
                    completion(result.map { Page(items: $0.items.map(transform), next: $0.next, staleReason: $0.staleReason) })
                }
            }
        case .indexed(let fetch):
            return .indexed { range, completion in
                fetch(range) { result in completion(result.map { Window(items: $0.items.map(transform), total: $0.total) }) }
            }
        }
    }
}
