/// A coding key made from a string or an array index. Index keys use the `"Index N"` spelling
/// Foundation uses, which `describeDecodingError` recognises to print `[N]`.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(_ string: String) { self.init(stringValue: string) }

    init(index: Int) { self.init(intValue: index) }

    static let superKey = JSONCodingKey(stringValue: "super")
}
