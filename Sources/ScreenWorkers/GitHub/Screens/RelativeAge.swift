import Foundation
import GitHubModels

/// How long ago a GitHub timestamp was, as lists show it: "just now", "5 minutes ago",
/// "3 days ago", "2 months ago", "4 years ago".
enum RelativeAge {
    static func since(_ timestamp: String, now: Int = Int(Date().timeIntervalSince1970)) -> String {
        guard let then = ISO8601Timestamp.epochSeconds(parsing: timestamp) else { return timestamp }
        let seconds = max(0, now - then)
        let units: [(Int, String)] = [(31_536_000, "year"), (2_592_000, "month"), (86_400, "day"), (3_600, "hour"), (60, "minute")]
        for (length, unit) in units where seconds >= length {
            let count = seconds / length
            return "\(count) \(unit)\(count == 1 ? "" : "s") ago"
        }
        return "just now"
    }
}
