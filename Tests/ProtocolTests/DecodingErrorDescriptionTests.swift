import Testing
import NavProtocol

private enum ScreenKindForTest: String, Codable {
    case users, repositories
}

private struct ScreenEntry: Codable {
    var kind: ScreenKindForTest
    var title: String
}

private struct Request: Codable {
    var kind: String
    var offset: Int
    var screens: [ScreenEntry]
    var range: Range?
}

private struct Range: Codable {
    var start: Int
    var counts: [Int]
}

@Suite struct DecodingErrorDescriptionTests {
    private func describe(_ value: JSONValue) -> String? {
        do {
            _ = try JSONValueDecoder().decode(Request.self, from: value)
            return nil
        } catch {
            return describeDecodingError(error)
        }
    }

    private let validScreens: JSONValue = [["kind": "users", "title": "U"]]

    @Test func namesAMissingField() {
        #expect(describe(["offset": 0, "screens": []]) == "missing field 'kind'")
        #expect(describe(["kind": "k", "offset": 0, "screens": [["kind": "users"]]]) == "missing field 'screens[0].title'")
    }

    @Test func namesAFieldOfTheWrongType() {
        #expect(
            describe(["kind": "k", "offset": "ten", "screens": validScreens])
                == "field 'offset': expected an integer, found a string")
        #expect(describe(["kind": 1, "offset": 0, "screens": validScreens]) == "field 'kind': expected a string, found a number")
        #expect(describe(["kind": "k", "offset": 0, "screens": [:]]) == "field 'screens': expected an array, found an object")
        #expect(describe(["kind": "k", "offset": nil, "screens": validScreens]) == "field 'offset': expected an integer, found null")
        #expect(describe(["kind": "k", "offset": 1.5, "screens": validScreens]) == "field 'offset': expected an integer, found 1.5")
    }

    @Test func namesAnInvalidEnumValueWithItsArrayPath() {
        let screens: JSONValue = [["kind": "users", "title": "a"], ["kind": "users", "title": "b"], ["kind": "foo", "title": "c"]]
        #expect(describe(["kind": "k", "offset": 0, "screens": screens]) == #"field 'screens[2].kind': invalid value "foo""#)
    }

    @Test func namesNestedArrayElements() {
        let value: JSONValue = ["kind": "k", "offset": 0, "screens": [], "range": ["start": 0, "counts": [1, 2, "x"]]]
        #expect(describe(value) == "field 'range.counts[2]': expected an integer, found a string")
    }

    @Test func describesATopLevelMismatchWithoutAField() {
        #expect(describe([1, 2]) == "expected an object, found an array")
    }

    @Test func describesOutOfRangeNumbers() {
        do {
            _ = try JSONValueDecoder().decode([String: UInt8].self, from: ["n": 300])
            Issue.record("decoding should have failed")
        } catch {
            #expect(describeDecodingError(error) == "field 'n': number 300 does not fit in UInt8")
        }
    }

    @Test func describesOtherErrorsPlainly() {
        struct Custom: Error, CustomStringConvertible {
            var description: String { "custom failure" }
        }
        #expect(describeDecodingError(Custom()) == "custom failure")
    }
}
