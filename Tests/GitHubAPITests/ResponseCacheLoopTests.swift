import Foundation
@testable import GitHubAPI
import Testing
import UVKit

/// The cache's running total, and its SQLite work kept off the loop.
@Suite struct ResponseCacheLoopTests {
    private func entry(_ name: String, bytes: Int, etag: String? = "e") -> ResponseCache.Entry {
        ResponseCache.Entry(url: "u/\(name)", body: Array(repeating: 1, count: bytes), etag: etag, lastModified: nil, link: nil)
    }

    @Test func theRunningTotalStaysTheSumThroughStoresReplacementsAndEvictions() throws {
        let folder = NSTemporaryDirectory() + "navshell-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = try ResponseCache(path: "\(folder)/cache.sqlite", maximumBytes: 1000)
        func expectTotal(_ expected: Int, _ comment: Comment) throws {
            #expect(try cache.totalBytes() == expected, comment)
            #expect(try cache.summedBytes() == expected, comment)
        }
        try cache.store(entry("a", bytes: 300))
        try cache.store(entry("b", bytes: 300))
        try expectTotal(2 * 304, "two stores")
        try cache.store(entry("a", bytes: 100))
        try expectTotal(304 + 104, "a replaced by a smaller body")
        try cache.store(entry("a", bytes: 400, etag: "longer"))
        try expectTotal(304 + 409, "a replaced by a larger body and etag")
        try cache.store(entry("c", bytes: 500))
        #expect(try cache.storedURLs() == ["u/a", "u/c"], "b was evicted")
        try expectTotal(409 + 504, "after an eviction")
        try cache.revalidate(url: "u/a", etag: "e2", lastModified: nil)
        try expectTotal(409 + 504, "a revalidation changes no counted size")
        try cache.store(entry("c", bytes: 5000))
        try expectTotal(409, "an entry past the bound removes the one it replaces")
        // Reopening the file keeps the total it had.
        let reopened = try ResponseCache(path: "\(folder)/cache.sqlite", maximumBytes: 1000)
        #expect(try reopened.totalBytes() == 409)
        try cache.removeAll()
        try expectTotal(0, "after removing everything")
    }

    /// A worker closes its cache and ends: the responses it fetched just before are in the file
    /// (the writes queued off the loop are waited for), so a later worker finds them offline.
    @Test func writesQueuedBeforeCloseAreInTheFileWhenCloseReturns() throws {
        let folder = NSTemporaryDirectory() + "navshell-cache-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loop = UVLoop()
        let cache = try LoopResponseCache(try ResponseCache(path: "\(folder)/cache.sqlite", maximumBytes: 1 << 20), loop: loop)
        let names = (0..<20).map { "page\($0)" }
        for name in names { cache.store(entry(name, bytes: 2000)) }
        cache.close()
        let reopened = try ResponseCache(path: "\(folder)/cache.sqlite", maximumBytes: 1 << 20)
        #expect(try reopened.storedURLs().sorted() == names.map { "u/\($0)" }.sorted())
        loop.close()
    }

    @Test func aReadWhileAnotherProcessHoldsTheWriteLockIsServedFromTheCache() throws {
        try withHarness { harness in
            let cache = try harness.cache()
            let api = try harness.client(cache: cache)
            _ = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(harness.loop.run { (try? cache.storedURLs())?.isEmpty == false })
            let locker = try WriteLocker(path: cache.path)
            defer { locker.release() }
            #expect(throws: (any Error).self, "the other process holds the write lock") {
                try cache.store(ResponseCache.Entry(url: "u/blocked", body: [1], etag: nil, lastModified: nil, link: nil))
            }
            // Reading needs no write lock: the cached validators go out, GitHub answers 304,
            // all while the other process still holds the lock (it lets go only when told).
            let again = try #require(harness.wait { api.user(login: "mojombo", completion: $0) }).get()
            #expect(again.source == .notModified)
            #expect(locker.isHolding)
        }
    }
}

/// Another process (Python's sqlite3) holding the SQLite file's write lock until released.
private final class WriteLocker {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1], isolation_level=None)
            connection.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.read()
            connection.execute("ROLLBACK")
            """,
            path,
        ]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        // Blocks this test's thread (not a loop) until the lock is taken or the process ends.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        guard String(decoding: said, as: UTF8.self).contains("locked") else {
            throw CocoaError(.fileLocking)
        }
    }

    var isHolding: Bool { process.isRunning }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
