import ListController
import NavProtocol
import Testing

/// What a write asks of the screen afterwards: to read it again from the source, as the query
/// shown, without ever replacing a query the client sent.
@Suite struct RereadTests {
    static let fruits = ["fig", "banana", "mandarin", "orange", "kiwi"]

    @Test func aReadAgainWaitsForTheQueryUnderWayAndFollowsIt() throws {
        let (screen, controller) = try FruitScreen.shownWithManualPages(Self.fruits)
        var queried: Result<Void, ScreenError>?
        controller.load(query: "an") { queried = $0 }
        var reread = false
        controller.rereadAfterWrite { reread = true }
        #expect(screen.pageLoads.map(\.request) == ["an@0"], "the query's load is not replaced")
        screen.deliverNext("an")
        #expect(queried.map { if case .success = $0 { true } else { false } } == true, "the query was answered")
        #expect(controller.query == "an")
        #expect(screen.pageLoads.map(\.request) == ["an@0"], "then the screen is read again, as the query now shown")
        #expect(!reread)
        screen.deliverNext("an")
        #expect(reread)
        #expect(controller.query == "an")
    }

    @Test func withNothingUnderWayTheScreenIsReadAgainAtOnce() throws {
        let (screen, controller) = try FruitScreen.shownWithManualPages(Self.fruits)
        var reread = false
        controller.rereadAfterWrite { reread = true }
        #expect(screen.pageLoads.map(\.request) == ["@0"])
        screen.deliverNext("")
        #expect(reread)
    }
}
