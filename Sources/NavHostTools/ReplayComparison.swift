import NavProtocol

/// Compares what a host sent in a recording with what a fresh host sent on replay: replies
/// by request id, notifications in order per method. Some fields and notifications vary from
/// run to run and are not compared; `ignored` names them.
struct ReplayComparison {
    /// Fields whose values differ between runs of the same session.
    static let ignoredFields: [String: String] = [
        "processId": "the client's process id",
        "pid": "process ids",
        "stderrTail": "a crashed worker's last stderr lines",
        "token": "restoration tokens, reported by workers asynchronously",
        "time": "timestamps",
        "timestamp": "timestamps",
    ]
    /// Notifications whose number depends on timing.
    static let ignoredNotifications: [String: String] = [
        DidIdleNotification.method: "sent whenever the host settles, so their number depends on timing",
    ]

    static func isCompared(_ message: JSONValue) -> Bool {
        guard let method = message["method"]?.stringValue else { return true }
        return ignoredNotifications[method] == nil
    }

    private(set) var differences: [String] = []
    private(set) var comparedReplies = 0
    private(set) var comparedNotifications = 0

    init(recorded: [JSONValue], replayed: [JSONValue]) {
        let old = ReplayComparison.classify(recorded.filter(ReplayComparison.isCompared))
        let new = ReplayComparison.classify(replayed.filter(ReplayComparison.isCompared))
        // Looked up by key, so comparing costs one pass over each side, however long the session.
        let replayedReplies = Dictionary(new.replies, uniquingKeysWith: { first, _ in first })
        let recordedKeys = Set(old.replies.map(\.key))
        for (key, reply) in old.replies {
            guard let now = replayedReplies[key] else {
                differences.append("\(key): recorded, but the replay sent none")
                continue
            }
            comparedReplies += 1
            compare(reply, now, at: key)
        }
        for (key, _) in new.replies where !recordedKeys.contains(key) {
            differences.append("\(key): sent on replay, not in the recording")
        }
        for method in Set(old.notifications.keys).union(new.notifications.keys).sorted() {
            let before = old.notifications[method] ?? []
            let after = new.notifications[method] ?? []
            if before.count != after.count {
                differences.append("\(method): \(before.count) notification(s) recorded, \(after.count) on replay")
            }
            for (index, pair) in zip(before, after).enumerated() {
                comparedNotifications += 1
                compare(pair.0, pair.1, at: "\(method) #\(index + 1)")
            }
        }
    }

    /// Replies keyed by request id (a batch by its ids), in the order first seen; notifications by method.
    private static func classify(_ messages: [JSONValue]) -> (replies: [(key: String, value: JSONValue)], notifications: [String: [JSONValue]]) {
        var replies: [(key: String, value: JSONValue)] = []
        var notifications: [String: [JSONValue]] = [:]
        var anonymous = 0
        var seen: [String: Int] = [:]
        // A client may reuse an id once its request was answered: later replies are told apart by occurrence.
        func unique(_ key: String) -> String {
            seen[key, default: 0] += 1
            return seen[key] == 1 ? key : "\(key), occurrence \(seen[key] ?? 0)"
        }
        for message in messages {
            if let method = message["method"]?.stringValue, message["id"] == nil {
                notifications[method, default: []].append(message)
            } else if let batch = message.arrayValue {
                replies.append((unique("reply to batch [\(batch.map { $0["id"]?.serializedString ?? "?" }.joined(separator: ", "))]"), message))
            } else if let id = message["id"], id != .null {
                replies.append((unique("reply to request \(id.serializedString)"), message))
            } else {
                anonymous += 1
                replies.append(("error reply without id #\(anonymous)", message))
            }
        }
        return (replies, notifications)
    }

    private mutating func compare(_ old: JSONValue, _ new: JSONValue, at path: String) {
        switch (old, new) {
        case (.object(let before), .object(let after)):
            for key in Set(before.keys).union(after.keys).sorted() where ReplayComparison.ignoredFields[key] == nil {
                compare(before[key] ?? .null, after[key] ?? .null, at: "\(path).\(key)")
            }
        case (.array(let before), .array(let after)) where before.count == after.count:
            for (index, pair) in zip(before, after).enumerated() { compare(pair.0, pair.1, at: "\(path)[\(index)]") }
        default:
            if old != new { differences.append("\(path): recorded \(clip(old)), replay \(clip(new))") }
        }
    }

    private func clip(_ value: JSONValue) -> String {
        let text = value.serializedString
        return text.count <= 120 ? text : String(text.prefix(119)) + "…"
    }
}
