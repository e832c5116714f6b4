import ListController
import NavProtocol
import Testing
import UVKit

/// A load cancelled before it lands never takes effect: not when it waits out the debounce,
/// not when its pages are still loading.
@Suite struct CancelledLoadTests {
    private let fruits = ["apple", "banana", "cherry", "fig", "kiwi", "lemon", "mango", "papaya"]

    @Test func aCancelledDebouncedQueryIsNeverApplied() throws {
        let loop = UVLoop()
        defer { loop.close() }
        let controller = ListController(screen: FruitScreen(fruits: fruits), loop: loop, debounceMilliseconds: 20)
        defer { controller.close() }
        try controller.loadNow("")
        var updates: [ScreenUpdate] = []
        controller.onUpdate = { updates.append($0) }
        var outcome: Result<Void, ScreenError>?
        let load = controller.load(query: "an") { outcome = $0 }
        #expect(outcome == nil, "the query waits out the debounce")
        load.cancel()
        #expect(failure(of: outcome) == .cancelled)
        // Run the loop until a timer due well after the debounce has fired: timers fire in order.
        let sentinel = try UVTimer(loop: loop)
        defer { sentinel.close() }
        var pastTheDebounce = false
        sentinel.start(after: 100) { pastTheDebounce = true }
        #expect(loop.run(seconds: 10) { pastTheDebounce })
        #expect(controller.query == "")
        #expect(controller.revision == 1)
        #expect(updates.isEmpty)
    }

    @Test func aCancelledLoadWhosePagesAreInFlightIsNeverApplied() throws {
        let (screen, controller) = try FruitScreen.shownWithManualPages(fruits)
        var outcome: Result<Void, ScreenError>?
        let load = controller.load(query: "an") { outcome = $0 }
        #expect(screen.pageLoads.count == 1)
        load.cancel()
        #expect(failure(of: outcome) == .cancelled)
        #expect(screen.pageLoads.allSatisfy { $0.isCancelled }, "its page load was cancelled")
        // A source that answers anyway (as a finished HTTP transfer may) changes nothing.
        screen.deliverNext("an")
        #expect(controller.query == "")
        #expect(controller.revision == 1)
        load.cancel()
        #expect(failure(of: outcome) == .cancelled, "cancelling twice changes nothing")
    }

    private func failure(of outcome: Result<Void, ScreenError>?) -> ScreenError? {
        guard case .failure(let error)? = outcome else { return nil }
        return error
    }
}
