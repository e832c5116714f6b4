import NavProtocol

/// The windows of a random-access section read so far, in fixed-size chunks, keeping only the
/// most recently used ones: a million-row list costs the worker a few thousand items.
struct WindowCache<Item> {
    static var chunkSize: Int { 100 }
    let maxChunks: Int
    private var chunks: [Int: [Item]] = [:]
    /// Each chunk's rows rendered so far (a prefix of its items): a read renders a row once.
    private var rendered: [Int: [Row]] = [:]
    private var lastUse: [Int: Int] = [:]
    private var clock = 0

    init(maxChunks: Int = 64) {
        self.maxChunks = maxChunks
    }

    /// The chunk numbers covering `range`.
    static func chunks(covering range: Range<Int>) -> ClosedRange<Int> {
        (range.lowerBound / chunkSize)...((max(range.upperBound, range.lowerBound + 1) - 1) / chunkSize)
    }

    func missingChunks(for range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        return Self.chunks(covering: range).filter { chunks[$0] == nil }
    }

    mutating func store(_ items: [Item], chunk: Int) {
        chunks[chunk] = items
        rendered[chunk] = nil
        touch(chunk)
        while chunks.count > maxChunks, let oldest = lastUse.min(by: { $0.value < $1.value })?.key {
            chunks[oldest] = nil
            rendered[oldest] = nil
            lastUse[oldest] = nil
        }
    }

    /// The rows of `range`, each item rendered the first time it is read; nil if any chunk is missing.
    mutating func rows(in range: Range<Int>, render: (Item) -> Row) -> [Row]? {
        guard !range.isEmpty else { return [] }
        var result: [Row] = []
        result.reserveCapacity(range.count)
        for chunk in Self.chunks(covering: range) {
            guard let items = chunks[chunk] else { return nil }
            touch(chunk)
            let start = chunk * Self.chunkSize
            let lower = max(range.lowerBound, start) - start
            let upper = min(range.upperBound, start + items.count) - start
            guard lower < upper else { continue }
            result += renderedRows(of: chunk, upTo: upper, render: render)[lower..<upper]
        }
        return result
    }

    /// The cached item whose row has this id, with that row; rows not read yet are rendered and
    /// kept as a read would. The rows rendered so far are searched first
    /// (`LoadedSection.item(withRowId:render:)` says why).
    mutating func item(withRowId id: String, render: (Item) -> Row) -> (item: Item, row: Row)? {
        for (chunk, rows) in rendered {
            if let index = rows.firstIndex(where: { $0.id == id }), let items = chunks[chunk] { return (items[index], rows[index]) }
        }
        for chunk in chunks.keys.sorted() {
            let items = chunks[chunk]!
            let rows = renderedRows(of: chunk, upTo: items.count, render: render)
            if let index = rows.firstIndex(where: { $0.id == id }) { return (items[index], rows[index]) }
        }
        return nil
    }

    /// A cached chunk's rows up to `upper`, rendering only those never rendered before.
    private mutating func renderedRows(of chunk: Int, upTo upper: Int, render: (Item) -> Row) -> [Row] {
        var rows = rendered[chunk] ?? []
        if rows.count < upper, let items = chunks[chunk] {
            rows.append(renderingItemsOf: items, in: rows.count..<upper, render)
            rendered[chunk] = rows
        }
        return rows
    }

    private mutating func touch(_ chunk: Int) {
        clock += 1
        lastUse[chunk] = clock
    }
}
