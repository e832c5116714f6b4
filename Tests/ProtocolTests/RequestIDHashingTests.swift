import Testing
import NavProtocol

/// Request ids key the requests in flight, in tables that place them by `_rawHashValue(seed:)`.
@Suite struct RequestIDHashingTests {
    @Test func aTableOfIdsFindsEachOneAndTellsNumbersFromStrings() {
        let numbers = Array(-20_000..<30_000) + [Int.min, Int.max, 1 << 40, -(1 << 40)]
        var table: [RequestID: Int] = [:]
        for number in numbers { table[.number(number)] = number }
        table[.string("7")] = -7
        table[.string("")] = -1
        #expect(table.count == numbers.count + 2)
        #expect(numbers.allSatisfy { table[.number($0)] == $0 })
        #expect(table[.string("7")] == -7 && table[.number(7)] == 7)
        #expect(table[.string("")] == -1)
        for number in numbers where number % 3 == 0 { table[.number(number)] = nil }
        #expect(numbers.allSatisfy { table[.number($0)] == ($0 % 3 == 0 ? nil : $0) })
    }

    /// A table indexes by the hash's low bits: numbers that differ only in their high bits (here
    /// multiples of 4096, the low twelve bits all zero) must still land apart, and the table's
    /// seed must move them.
    @Test func numbersThatDifferOnlyInHighBitsSpreadOverTheLowBits() {
        let ids = (0..<1024).map { RequestID.number($0 << 12) }
        let seed = 0x5EED
        let lowBits = Set(ids.map { $0._rawHashValue(seed: seed) & 1023 })
        // 1024 random draws from 1024 slots give about 647 distinct values.
        #expect(lowBits.count > 550, "\(lowBits.count) distinct values of 1024")
        let moved = ids.filter { $0._rawHashValue(seed: seed) != $0._rawHashValue(seed: seed + 1) }
        #expect(moved.count == ids.count)
        #expect(RequestID.string("a")._rawHashValue(seed: seed) == "a"._rawHashValue(seed: seed))
    }
}
