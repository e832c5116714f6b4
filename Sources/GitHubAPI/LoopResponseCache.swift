import UVKit

/// The response cache as a loop uses it: every SQLite call runs on one background queue, in
/// the order it was asked for, so a busy SQLite file (another worker holding the write lock,
/// up to the busy timeout) never stalls the loop. Reads answer on the loop; writes are not
/// waited for. A cache that cannot be read is no cache: a failed read answers nil.
final class LoopResponseCache {
    let cache: ResponseCache
    private let queue: BackgroundQueue

    init(_ cache: ResponseCache, loop: UVLoop) throws(UVError) {
        self.cache = cache
        queue = try BackgroundQueue(loop: loop, label: "response-cache")
    }

    /// The entry for `url`, on the loop. Marking it used is queued once it is found, so the
    /// answer never waits for the write lock.
    func entry(for url: String, completion: @escaping (ResponseCache.Entry?) -> Void) -> Cancellable {
        let cache = self.cache
        return queue.run({ try cache.storedEntry(for: url) }, completion: { [queue] result in
            let entry = (try? result.get()) ?? nil
            if entry != nil {
                queue.run({ try cache.markUsed(url) }, completion: { _ in })
            }
            completion(entry)
        })
    }

    func store(_ entry: ResponseCache.Entry) {
        let cache = self.cache
        queue.run({ try cache.store(entry) }, completion: { _ in })
    }

    func revalidate(url: String, etag: String?, lastModified: String?) {
        let cache = self.cache
        queue.run({ try cache.revalidate(url: url, etag: etag, lastModified: lastModified) }, completion: { _ in })
    }

    /// Drops the entries under `urls` (`ResponseCache.removeEntries(under:)`), then calls
    /// `completion` on the loop: a read asked for after that cannot get them. A removal that
    /// fails costs freshness only (the next read is still a conditional request).
    func remove(under urls: [String], completion: @escaping () -> Void) {
        let cache = self.cache
        queue.run({ try cache.removeEntries(under: urls) }, completion: { _ in completion() })
    }

    /// Queued writes still run, and are waited for (up to a second): the worker ends after
    /// this, and a response fetched just before would otherwise be lost from the cache (a
    /// popped screen's list then missing when GitHub is unreachable). Only their (empty)
    /// answers are dropped.
    func close() {
        queue.close()
        queue.waitForQueuedJobs(upTo: 1)
    }
}

@available(*, unavailable)
extension LoopResponseCache: Sendable {}
