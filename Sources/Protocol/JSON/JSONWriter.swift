/// Writes compact JSON straight into bytes. The answers a worker gives on every read (rows,
/// sections) go through this instead of `JSONValueEncoder`, which builds a `JSONValue` tree of
/// dictionaries and sorts its keys before printing: several times the work for the same bytes.
///
/// Writers of an object give its keys in sorted order (by UTF-8 bytes) and leave out nil
/// fields, so the output is byte for byte what `JSONValueEncoder` + `serialized()` print for the
/// same `Codable` value; `WireFormatTests` holds every `JSONWritable` type to golden JSON.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// A value was written at this level, so the next key or element needs a comma first.
    private var needsComma = false

    public init(capacity: Int = 512) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// An object key; the value written next belongs to it.
    public mutating func key(_ name: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        JSONValue.serializeString(value, into: &bytes)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        separate()
        JSONValue.serializeInt(value, into: &bytes)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
        needsComma = true
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        value.serialize(into: &bytes)
        needsComma = true
    }

    public mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        beginArray()
        for element in elements { element.write(to: &self) }
        endArray()
    }

    // Fields of an object: a nil value leaves the field out, as synthesized `Codable` does.

    /// An object of one string member: the params of most host -> worker requests.
    public mutating func object(field name: StaticString, _ value: String) {
        beginObject()
        field(name, value)
        endObject()
    }

    public mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    public mutating func field(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    public mutating func field(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    public mutating func field<Value: RawRepresentable<String>>(_ name: StaticString, _ value: Value?) {
        field(name, value?.rawValue)
    }

    public mutating func field<Element: JSONWritable>(_ name: StaticString, _ elements: [Element]) {
        key(name)
        array(elements)
    }

    public mutating func field<Value: JSONWritable>(_ name: StaticString, _ value: Value?) {
        guard let value else { return }
        key(name)
        value.write(to: &self)
    }

    public mutating func field(_ name: StaticString, _ strings: [String]) {
        key(name)
        beginArray()
        for string in strings { self.string(string) }
        endArray()
    }
}

/// A value that writes its own JSON with `JSONWriter`, matching its `Encodable` form exactly.
/// Each message and model type that conforms does so in its own file, beside its fields: the
/// answers to reads (rows, sections, screen state), the worker's updates, whatever carries the
/// whole stack (thousands of screens in a deep one), and what is written at every start (the
/// `initialize` answer, the screen descriptors), where `Codable`'s first use costs the Swift
/// runtime more than the writing itself. Keys go in sorted order.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

extension JSONValue: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.value(self)
    }
}

extension JSONWritable {
    /// The compact JSON bytes of the value.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        write(to: &writer)
        return writer.bytes
    }
}

extension JSONWriter {
    /// An object key known only at run time (escaped as any string). Not an overload of
    /// `key(_: StaticString)`: a literal would then be taken as a `String`, the default literal
    /// type, and every key written through the slower path.
    public mutating func key(named name: String) {
        string(name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// An object of `fields` and `members`, each member written by its closure and taking the
    /// place of a field of the same name; keys in the serializer's order (UTF-8 bytes), so the
    /// bytes are those of the merged tree serialized.
    public mutating func object(_ fields: [String: JSONValue], adding members: [(name: String, write: (inout JSONWriter) -> Void)]) {
        var entries = fields.filter { field in !members.contains { $0.name == field.key } }.map { field in
            (name: field.key, write: { (writer: inout JSONWriter) in writer.value(field.value) })
        }
        entries += members
        entries.sort { JSONValue.keyPrecedes($0.name, $1.name) }
        beginObject()
        for entry in entries {
            key(named: entry.name)
            entry.write(&self)
        }
        endObject()
    }

    /// A value that is already JSON, put in as it is: bytes a peer wrote and the reader checked.
    /// The caller sees to it that they hold no raw control character, so that they cannot break
    /// a newline-delimited stream.
    public mutating func json(_ value: ArraySlice<UInt8>) {
        separate()
        bytes += value
        needsComma = true
    }
}
