import NavProtocol

/// The GitHub app's deep links (`nav/open`): the screens above the root that a path names. The
/// host knows no path grammar: it asks the root screen's worker (`worker/resolvePath`), which
/// answers with `resolved`.
///
///     path       = ["/"] "users" [ "/" login [ "/starred" / "/repositories" [ "/" repository [ "/" page ] ] ] ]
///     page       = "readme" / ( "issues" / "pulls" ) [ "/" number ]
///     login      = 1*39 ( letter / digit / "-" )
///     repository = 1*100 ( letter / digit / "-" / "_" / "." )
///     number     = 1*9 digit
///
/// `users` is the root user search; `users/LOGIN` and `users/LOGIN/repositories` are LOGIN's
/// repositories (searched for LOGIN on the root); `users/LOGIN/starred` is what LOGIN starred,
/// above them; `users/LOGIN/repositories/REPO` is that repository's detail above them, and its
/// issues, pull requests (each above its list) and README above that.
struct GitHubDeepLink: Equatable {
    var login: String?
    var starred = false
    var repository: String?
    /// "issues", "pulls" or "readme".
    var page: String?
    var number: Int?

    static let grammar = "users[/LOGIN[/starred|/repositories[/REPOSITORY[/readme|/issues[/N]|/pulls[/N]]]]]"

    init(parsing text: String) throws(RPCError) {
        let trimmed = text.hasPrefix("/") ? String(text.dropFirst()) : text
        let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func invalid(_ reason: String, segment: Int? = nil) -> RPCError {
            var data: [String: JSONValue] = ["path": .string(text), "grammar": .string(GitHubDeepLink.grammar)]
            if let segment { data["segment"] = .int(segment + 1) }
            return RPCError(code: RPCErrorCode.invalidParams, message: "invalid path '\(text)': \(reason); paths look like \(GitHubDeepLink.grammar)", data: .object(data))
        }
        if let empty = segments.firstIndex(of: "") {
            throw invalid(trimmed.isEmpty ? "it is empty" : "segment \(empty + 1) is empty", segment: empty)
        }
        guard segments[0] == "users" else { throw invalid("it must start with 'users', not '\(segments[0])'", segment: 0) }
        if segments.count > 1 {
            let login = segments[1]
            guard login.count <= 39, login.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw invalid("'\(login)' is not a login (letters, digits and '-', at most 39)", segment: 1)
            }
            self.login = login
        }
        if segments.count > 2 {
            starred = segments[2] == "starred"
            guard starred || segments[2] == "repositories" else {
                throw invalid("segment 3 must be 'repositories' or 'starred', not '\(segments[2])'", segment: 2)
            }
            guard !starred || segments.count == 3 else { throw invalid("a path ends at 'starred'", segment: 3) }
        }
        if segments.count > 3 {
            let repository = segments[3]
            guard repository.count <= 100, repository.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
                throw invalid("'\(repository)' is not a repository name (letters, digits, '-', '_' and '.', at most 100)", segment: 3)
            }
            self.repository = repository
        }
        try parsePage(segments, invalid)
    }
}
