import NavProtocol

extension Array where Element == Row {
    /// Appends the rows of `items[range]`, rendered in order. A plain loop over the array: the
    /// list controller is generic over its items and runs unspecialized (its screens live in
    /// other modules), where `items[range].map(render)` went through `Collection`'s witness
    /// table for every element. No `reserveCapacity`: it grows to exactly what it is asked for,
    /// so a long list read a window at a time would be copied whole for every window.
    mutating func append<Item>(renderingItemsOf items: [Item], in range: Range<Int>, _ render: (Item) -> Row) {
        for index in range { append(render(items[index])) }
    }
}
