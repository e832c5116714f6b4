import NavProtocol

/// Which stored URLs a write made stale, for `ResponseCache.removeEntries(under:)`. A write names
/// what it changed as URL patterns; GitHub reaches the same resource by more than one spelling,
/// and each one a read may have been stored under must match:
/// - owner, repository and login names ignore case (`/repos/pygithub/PyGithub` is
///   `/repos/PyGithub/PyGithub`), so patterns compare without regard to ASCII case;
/// - a `*` segment stands for any one segment (`/users/*/starred`: anyone's stars; a path the
///   client builds never holds a bare `*`, since `APIURL.encode` escapes it);
/// - a repository's lists continue by its id (`Link: …/repositories/{id}/issues?page=2`), so the
///   pattern of a repository (`…/repos/{o}/{r}`) also takes in `…/repositories/{id}`, the id read
///   from what is stored: the repository's own body, or a `Link` stored with one of its reads.
enum StaleURLs {
    /// A stored URL, with the `Link` header stored beside it.
    struct Stored {
        var url: String
        var link: String?
    }

    /// The stored URLs under `patterns`, repositories' id forms included. `body(url)` gives the
    /// stored body of a URL that names a repository (`…/repos/{o}/{r}` exactly), to read its id.
    static func matching(_ patterns: [String], in stored: [Stored], body: (String) throws -> [UInt8]?) rethrows -> [String] {
        var all = patterns
        for pattern in patterns {
            guard let base = repositoryBase(pattern) else { continue }
            var ids: Set<Int> = []
            for entry in stored where isUnder(entry.url, pattern) {
                ids.formUnion(repositoryIDs(inLink: entry.link ?? ""))
                if isUnder(entry.url, pattern, exactly: true), let bytes = try body(entry.url),
                    let id = (try? JSONValue(parsing: bytes))?["id"]?.intValue
                {
                    ids.insert(id)
                }
            }
            all += ids.sorted().map { "\(base)/repositories/\($0)" }
        }
        return stored.map(\.url).filter { url in all.contains { isUnder(url, $0) } }
    }

    /// Whether `url` is `pattern` or below it (continuing with `/` or `?`): ASCII case ignored,
    /// a `*` segment matching any one segment.
    static func isUnder(_ url: String, _ pattern: String, exactly: Bool = false) -> Bool {
        var rest = lowered(url)[...]
        for (index, part) in lowered(pattern).split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).enumerated() {
            if index > 0 {
                let segment = rest.prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }
                guard !segment.isEmpty else { return false }
                rest = rest.dropFirst(segment.count)
            }
            guard rest.starts(with: part) else { return false }
            rest = rest.dropFirst(part.count)
        }
        guard let next = rest.first else { return true }
        return !exactly && (next == UInt8(ascii: "/") || next == UInt8(ascii: "?"))
    }

    /// The API root of a repository's pattern `{base}/repos/{o}/{r}`; nil for any other pattern.
    static func repositoryBase(_ pattern: String) -> String? {
        guard let marker = pattern.range(of: "/repos/", options: .backwards) else { return nil }
        let names = pattern[marker.upperBound...].split(separator: "/", omittingEmptySubsequences: false)
        guard names.count == 2, names.allSatisfy({ !$0.isEmpty && $0 != "*" && !$0.contains("?") }) else { return nil }
        return String(pattern[..<marker.lowerBound])
    }

    /// The ids of every `/repositories/{id}` URL a `Link` header names.
    static func repositoryIDs(inLink link: String) -> Set<Int> {
        var ids: Set<Int> = []
        var rest = link[...]
        while let marker = rest.range(of: "/repositories/") {
            rest = rest[marker.upperBound...]
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if let id = Int(digits), rest.dropFirst(digits.count).first.map({ "/?>".contains($0) }) ?? true { ids.insert(id) }
        }
        return ids
    }

    private static func lowered(_ text: String) -> [UInt8] {
        text.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
    }
}
