import ListController
import NavProtocol
import UVKit

/// A load the test completes by hand, so the order of arrivals is the test's to choose.
final class ManualLoad<Value>: Cancellable {
    let request: String
    private(set) var isCancelled = false
    private var completion: ((Result<Value, any Error>) -> Void)?

    init(request: String, completion: @escaping (Result<Value, any Error>) -> Void) {
        self.request = request
        self.completion = completion
    }

    func cancel() { isCancelled = true }

    func finish(_ result: Result<Value, any Error>) {
        let handler = completion
        completion = nil
        handler?(result)
    }
}

/// Fruit, in two sections: short names from memory, long names in pages of two that the test
/// delivers (or fails) by hand.
final class FruitScreen: ListScreen {
    /// A controller that showed its first query, with later pages left for the test to deliver.
    static func shownWithManualPages(_ fruits: [String]) throws -> (FruitScreen, ListController<FruitScreen>) {
        let screen = FruitScreen(fruits: fruits)
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        screen.automatic = false
        return (screen, controller)
    }

    var fruits: [String]
    var pageLoads: [ManualLoad<Page<String>>] = []
    var automatic = true
    /// How many times each fruit's row was rendered.
    var renders: [String: Int] = [:]

    init(fruits: [String]) {
        self.fruits = fruits
    }

    var title: String { "Fruit" }

    func sections(for query: String) -> [SectionSource<String>] {
        let matching = fruits.filter { query.isEmpty || $0.contains(query) }
        let long = matching.filter { $0.count > 5 }
        return [
            .items(id: "short", header: "Short names", emptyFooter: "No short names", matching.filter { $0.count <= 5 }),
            SectionSource(id: "long", header: "Long names", loader: .pages(pageSize: 2) { [unowned self] cursor, completion in
                let start = cursor.flatMap { Int($0.value) } ?? 0
                let page = Page(items: Array(long.dropFirst(start).prefix(2)), next: start + 2 < long.count ? PageCursor(String(start + 2)) : nil)
                if automatic {
                    completion(.success(page))
                    return nil
                }
                let load = ManualLoad(request: "\(query)@\(start)", completion: completion)
                pageLoads.append(load)
                return load
            }),
        ]
    }

    func row(for item: String) -> Row {
        renders[item, default: 0] += 1
        return Row(id: "fruit:\(item)", kind: item.count <= 5 ? "short" : "long", title: item, accessory: .disclosure)
    }

    func selection(for item: String) -> SelectionAction {
        item == "lemon" ? .openURL("https://example.org/lemon") : .push(kind: "repositories", params: ["login": .string(item)])
    }

    /// Delivers the oldest manual load with what the automatic path would have returned.
    func deliverNext(_ query: String) {
        let load = pageLoads.removeFirst()
        let start = Int(load.request.split(separator: "@").last!)!
        let long = fruits.filter { (query.isEmpty || $0.contains(query)) && $0.count > 5 }
        load.finish(.success(Page(items: Array(long.dropFirst(start).prefix(2)), next: start + 2 < long.count ? PageCursor(String(start + 2)) : nil)))
    }
}

/// A million numbers, read by window: counts the fetches so tests can see what was read.
final class NumbersScreen: ListScreen {
    let total: Int
    var fetched: [Range<Int>] = []
    /// How many times each number's row was rendered.
    var renders: [Int: Int] = [:]

    init(total: Int) {
        self.total = total
    }

    var title: String { "Numbers" }

    func sections(for query: String) -> [SectionSource<Int>] {
        [SectionSource(id: "numbers", loader: .indexed { [unowned self] range, completion in
            fetched.append(range)
            completion(.success(Window(items: Array(range.clamped(to: 0..<total)), total: total)))
            return nil
        })]
    }

    func row(for item: Int) -> Row {
        renders[item, default: 0] += 1
        return Row(id: "n:\(item)", kind: "number", title: String(item))
    }

    func selection(for item: Int) -> SelectionAction { .none }
}

/// Synchronous wrappers: the test screens complete at once unless told otherwise.
extension ScreenController {
    func loadNow(_ query: String) throws {
        var outcome: Result<Void, ScreenError>?
        load(query: query) { outcome = $0 }
        try outcome!.get()
    }

    func rowsNow(section: String? = nil, offset: Int = 0, limit: Int = 100, revision: Int? = nil) throws -> [Row] {
        var outcome: Result<[Row], ScreenError>?
        rows(section: section, offset: offset, limit: limit, revision: revision) { outcome = $0 }
        return try outcome!.get()
    }
}
