import NavClient
import NavProtocol
import Testing

@testable import NavShellMCP

@Suite struct ScreenAnswerTests {
    static let root = Screen(id: "s1", kind: "users", title: "Users", params: .object([:]), token: RestorationToken(query: ""))

    static func users(_ range: Range<Int>) -> [Row] {
        range.map { Row(id: "user:u\($0)", kind: "user", title: "u\($0)", accessory: .disclosure, section: "popular", values: .object(["followers": .int($0)])) }
    }

    static func answer(offset: Int, count: Int, total: Int = 250, hasMore: Bool? = nil) -> ScreenAnswer {
        ScreenAnswer(
            screen: root, stack: [root], revision: 1,
            sections: [SectionInfo(id: "popular", header: "Popular", count: total, hasMore: hasMore)],
            rows: users(offset..<(offset + count)), section: nil, offset: offset, limit: count)
    }

    @Test func structuredContentHoldsTheScreenTheStackAndTypedRows() throws {
        let content = Self.answer(offset: 0, count: 2).structuredContent
        #expect(content["screen"] == .object(["id": "s1", "kind": "users", "title": "Users", "params": .object([:])]))
        #expect(content["stack"]?.arrayValue?.first?["token"] == .object(["query": ""]))
        #expect(content["revision"] == .int(1))
        #expect(content["sections"] == .array([.object(["id": "popular", "header": "Popular", "count": .int(250)])]))
        let rows = try #require(content["rows"]?.arrayValue)
        #expect(rows.count == 2)
        #expect(rows[1] == .object([
            "id": "user:u1", "kind": "user", "title": "u1", "accessory": "disclosure", "section": "popular", "values": .object(["followers": .int(1)]),
        ]))
        #expect(content["action"] == nil && content["url"] == nil)
    }

    @Test func structuredContentIsTheShowJSONObjectWithTheCursor() throws {
        let answer = Self.answer(offset: 0, count: 50)
        var fields = try #require(answer.structuredContent.objectValue)
        #expect(fields.removeValue(forKey: "nextCursor") != nil)
        let snapshot = ScreenSnapshot(screen: answer.screen, revision: answer.revision, sections: answer.sections, rows: answer.rows)
        #expect(fields == ScreenJSON.object(snapshot, stack: answer.stack))
    }

    @Test func nextCursorPointsPastTheWindowWhileRowsFollow() throws {
        let first = Self.answer(offset: 0, count: 50)
        let cursor = try #require(first.nextCursor)
        #expect(cursor == RowCursor(screen: "s1", query: "", section: nil, offset: 50, limit: 50))
        #expect(first.structuredContent["nextCursor"] == .string(cursor.encoded))
        #expect(Self.answer(offset: 200, count: 50).nextCursor == nil)
        #expect(Self.answer(offset: 200, count: 50).structuredContent["nextCursor"] == nil)
        // A paged list not read to its end goes on, until a window comes back empty.
        #expect(Self.answer(offset: 0, count: 30, total: 30, hasMore: true).nextCursor?.offset == 30)
        #expect(Self.answer(offset: 30, count: 0, total: 30, hasMore: true).nextCursor == nil)
    }

    /// A user's repositories: a paged section with `loaded` rows, then one row of stars.
    static func repositories(loaded: Int, hasMore: Bool, offset: Int, limit: Int) -> ScreenAnswer {
        let all = (0..<loaded).map { Row(id: "repo:r\($0)", kind: "repository", title: "r\($0)", section: "repositories") }
            + [Row(id: "account:starred", kind: "browse", title: "Starred repositories", section: "account")]
        return ScreenAnswer(
            screen: root, stack: [root], revision: 1,
            sections: [SectionInfo(id: "repositories", count: loaded, hasMore: hasMore), SectionInfo(id: "account", count: 1)],
            rows: Array(all.dropFirst(offset).prefix(limit)), section: nil, offset: offset, limit: limit)
    }

    @Test func aWholeScreenWindowStopsWhereAPageIsStillToCome() throws {
        let first = Self.repositories(loaded: 30, hasMore: true, offset: 0, limit: 50).cutAtLoadingSection()
        #expect(first.rows.map(\.id) == (0..<30).map { "repo:r\($0)" }, "the stars row waits for the repositories")
        #expect(first.nextCursor?.offset == 30)
        let waiting = Self.repositories(loaded: 30, hasMore: true, offset: 30, limit: 50).cutAtLoadingSection()
        #expect(waiting.rows.isEmpty && waiting.waitsForAPage)
        let whole = Self.repositories(loaded: 60, hasMore: false, offset: 30, limit: 50).cutAtLoadingSection()
        #expect(whole.rows.last?.id == "account:starred" && whole.rows.count == 31 && !whole.waitsForAPage)
        #expect(whole.nextCursor == nil)
        let section = Self.answer(offset: 0, count: 30, total: 30, hasMore: true)
        #expect(section.cutAtLoadingSection() == section, "nothing follows the loading section: nothing to cut")
    }

    @Test func textIsTheRenderedScreenWithItsRowIdsAndWhereTheWindowIs() {
        let answer = Self.answer(offset: 50, count: 2)
        let lines = answer.text.split(separator: "\n").map(String.init)
        #expect(lines.first == "┌─ Users · users s1 (depth 1) · revision 1")
        #expect(lines.contains("│   u50  ›"))
        #expect(lines.contains("Stack: Users"))
        #expect(lines.contains("Rows 51-52 of 250."))
        #expect(lines.contains("Row ids (select takes one): user:u50, user:u51"))
        #expect(lines.last == "More rows follow: call rows with cursor \"\(answer.nextCursor?.encoded ?? "")\".")
    }

    @Test func aSelectionSaysWhatItDid() {
        var answer = Self.answer(offset: 0, count: 1, total: 1)
        answer.selection = .init(action: "openURL", url: "https://github.com/mojombo")
        #expect(answer.structuredContent["action"] == "openURL")
        #expect(answer.structuredContent["url"] == "https://github.com/mojombo")
        #expect(answer.text.hasPrefix("The row is a link: https://github.com/mojombo (the stack did not change).\n┌─ Users"))
        answer.selection = .init(action: "push", url: nil)
        #expect(answer.structuredContent["url"] == nil)
        #expect(answer.text.hasPrefix("┌─ Users"))
    }
}
