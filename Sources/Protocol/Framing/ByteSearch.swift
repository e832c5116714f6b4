import Glibc

extension UnsafeBufferPointer where Element == UInt8 {
    /// The index of the first `byte` within `range` of the buffer: memchr, which scans a word or
    /// a vector at a time where a loop over the bytes takes several instructions for each. Used
    /// wherever a stream of messages is split at newlines or searched for a delimiter.
    public func index(ofByte byte: UInt8, in range: Range<Int>) -> Int? {
        guard let base = baseAddress, range.lowerBound < range.upperBound, range.upperBound <= count,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
}
