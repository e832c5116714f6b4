import Foundation
import NavProtocol
import Testing

/// docs/protocol.md's and docs/worker-protocol.md's method tables list exactly the registries'
/// methods, so the reference a client's or a worker's author reads cannot drift from what
/// navhost and its workers answer.
@Suite struct MethodTableTests {
    /// `#filePath` is `<root>/Tests/ProtocolTests/MethodTableTests.swift`.
    static let documents = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")
    static let protocolDocument = documents.appendingPathComponent("protocol.md")
    static let workerDocument = documents.appendingPathComponent("worker-protocol.md")

    /// The names in the first column of the first table under `heading` (a line of the
    /// document), before the next heading: every backquoted name in a cell, with whether the
    /// cell marks them as notifications.
    static func methodTable(under heading: String, in document: URL = protocolDocument) throws -> [(name: String, isNotification: Bool)] {
        let lines = try String(contentsOf: document, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0 == heading }, "\(document.lastPathComponent) has no heading \(heading)")
        var names: [(String, Bool)] = []
        var inTable = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("#") { break }
            guard line.hasPrefix("|") else {
                if inTable { break }
                continue
            }
            inTable = true
            let cell = line.split(separator: "|", omittingEmptySubsequences: false)[1]
            let isNotification = cell.contains("(notification)")
            // Backquoted names: every other piece between backquotes.
            let pieces = cell.split(separator: "`", omittingEmptySubsequences: false)
            for index in stride(from: 1, to: pieces.count, by: 2) { names.append((String(pieces[index]), isNotification)) }
        }
        #expect(!names.isEmpty, "no method table under \(heading)")
        return names
    }

    static func requests(_ table: [(name: String, isNotification: Bool)]) -> [String] {
        table.filter { !$0.isNotification }.map(\.name).sorted()
    }

    static func notifications(_ table: [(name: String, isNotification: Bool)]) -> [String] {
        table.filter(\.isNotification).map(\.name).sorted()
    }

    @Test func theClientMethodTableListsEveryClientMethod() throws {
        let table = try Self.methodTable(under: "## 8. Methods (client → host)")
        #expect(Self.requests(table) == ClientMethods.methodNames(includingDebug: true))
        #expect(Self.notifications(table) == ClientMethods.clientNotifications.map { $0.method }.sorted())
    }

    @Test func theNotificationTableListsWhatInitializePublishesInItsOrder() throws {
        let table = try Self.methodTable(under: "## 9. Notifications (host → client)")
        #expect(table.map(\.name) == ClientMethods.notificationNames)
    }

    /// `$/cancelRequest` is in the worker's table but not the registry: the connection handles it.
    @Test func theHostToWorkerTableListsEveryWorkerMethod() throws {
        let table = try Self.methodTable(under: "## Host → worker", in: Self.workerDocument).filter { $0.name != "$/cancelRequest" }
        #expect(Self.requests(table) == (WorkerMethods.requests + WorkerMethods.debugRequests).map { $0.method }.sorted())
        #expect(Self.notifications(table) == WorkerMethods.hostNotifications.map { $0.method }.sorted())
    }

    @Test func theWorkerToHostTableListsEveryRequestAndNotificationAWorkerSends() throws {
        let table = try Self.methodTable(under: "## Worker → host", in: Self.workerDocument)
        #expect(Self.requests(table) == WorkerMethods.workerRequests.map { $0.method }.sorted())
        #expect(Self.notifications(table) == WorkerMethods.workerNotifications.map { $0.method }.sorted())
    }

    /// What `initialize` publishes: every request once, sorted; the debug methods only when asked.
    @Test func theRegistryPublishesEachMethodOnceInOrder() {
        let all = ClientMethods.methodNames(includingDebug: true)
        #expect(all == all.sorted() && Set(all).count == all.count)
        let withoutDebug = ClientMethods.methodNames(includingDebug: false)
        #expect(withoutDebug.count + ClientMethods.debugRequests.count == all.count)
        #expect(!withoutDebug.contains { $0.hasPrefix("debug/") })
        #expect(ClientMethods.notificationNames == ["nav/didChange", "screen/didUpdate", "screen/didCrash", "nav/didIdle"])
    }
}
