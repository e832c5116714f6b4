import ListController
import UVKit

/// One fetch whose result several sections of a screen show (an issue's About and its body):
/// the first section's load starts it, the others wait for the same result, and each section
/// loads or fails with it on its own. Cancelling every waiting load cancels the fetch.
final class SharedFetch<Value> {
    private let start: (@escaping (Result<Value, any Error>) -> Void) -> Cancellable?
    private var result: Result<Value, any Error>?
    private var waiting: [ObjectIdentifier: (Result<Value, any Error>) -> Void] = [:]
    private var job: Cancellable?

    init(_ start: @escaping (@escaping (Result<Value, any Error>) -> Void) -> Cancellable?) {
        self.start = start
    }

    /// A loader of the items a section makes of the value.
    func loader<Item>(_ items: @escaping (Value) -> [Item]) -> SectionLoader<Item> {
        .pages(pageSize: 1) { [self] _, done in
            wait { done($0.map { Page(items: items($0), next: nil) }) }
        }
    }

    private func wait(_ completion: @escaping (Result<Value, any Error>) -> Void) -> Cancellable? {
        if let result {
            completion(result)
            return nil
        }
        let waiter = Waiter { [weak self] waiter in self?.leave(waiter) }
        waiting[ObjectIdentifier(waiter)] = completion
        if waiting.count == 1 {
            let started = start { [weak self] result in self?.finish(result) }
            if result == nil { job = started }
        }
        return result == nil ? waiter : nil
    }

    private func finish(_ result: Result<Value, any Error>) {
        self.result = result
        job = nil
        let completions = waiting.values
        waiting = [:]
        for completion in completions { completion(result) }
    }

    private func leave(_ waiter: Waiter) {
        guard waiting.removeValue(forKey: ObjectIdentifier(waiter)) != nil, waiting.isEmpty else { return }
        job?.cancel()
        job = nil
    }

    private final class Waiter: Cancellable {
        private var onCancel: ((Waiter) -> Void)?
        init(onCancel: @escaping (Waiter) -> Void) { self.onCancel = onCancel }
        func cancel() {
            let handler = onCancel
            onCancel = nil
            handler?(self)
        }
    }
}
