import NavProtocol

extension Array where Element == Row {
    /// Appends the rows of `items[range]`, rendered in order. A plain loop over the array: the
    /// list controller is generic over its items and runs unspecialized (its screens live in
    /// other modules), where `items[range].map(render)` went through `Collection`'s witness
    /// table for every element.
    mutating func append<Item>(renderingItemsOf items: [Item], in range: Range<Int>, _ render: (Item) -> Row) {
        reserveCapacity(count + range.count)
        for index in range { append(render(items[index])) }
    }
}
