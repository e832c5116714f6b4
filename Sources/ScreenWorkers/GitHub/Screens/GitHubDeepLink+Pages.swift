import NavProtocol

extension GitHubDeepLink {
    /// Reads the segments after the repository: `readme`, `issues[/N]` or `pulls[/N]`.
    mutating func parsePage(_ segments: [String], _ invalid: (String, Int?) -> RPCError) throws(RPCError) {
        guard segments.count > 4 else { return }
        let page = segments[4]
        guard ["readme", "issues", "pulls"].contains(page) else {
            throw invalid("segment 5 must be 'readme', 'issues' or 'pulls', not '\(page)'", 4)
        }
        self.page = page
        guard segments.count > 5 else { return }
        guard page != "readme", segments.count == 6 else { throw invalid("a path ends at \(page == "readme" ? "'readme'" : "the number")", 5) }
        guard segments[5].count <= 9, segments[5].allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(segments[5]), number >= 1 else {
            throw invalid("'\(segments[5])' is not an issue or pull request number", 5)
        }
        self.number = number
    }

    /// What the host builds: the users root searched for the login, then the screens above it.
    var resolved: ResolvedPath {
        var screens: [ResolvedPath.Screen] = []
        if let login {
            screens.append(.init(kind: RepositoriesScreen.kind, params: [GitHubNavigation.loginParam: .string(login)]))
            if starred { screens.append(.init(kind: StarredScreen.descriptor.kind, params: [GitHubNavigation.loginParam: .string(login)])) }
            if let repository {
                let params: [String: JSONValue] = [GitHubNavigation.ownerParam: .string(login), GitHubNavigation.nameParam: .string(repository)]
                screens.append(.init(kind: RepositoryScreen.kind, params: .object(params)))
                switch page {
                case "readme": screens.append(.init(kind: ReadmeScreen.descriptor.kind, params: .object(params)))
                case "issues", "pulls":
                    let (list, item) = page == "issues" ? (IssuesScreen.descriptor.kind, IssueScreen.descriptor.kind) : (PullsScreen.descriptor.kind, PullScreen.descriptor.kind)
                    screens.append(.init(kind: list, params: .object(params)))
                    if let number {
                        screens.append(.init(kind: item, params: .object(params.merging([GitHubNavigation.numberParam: .int(number)]) { $1 })))
                    }
                default: break
                }
            }
        }
        return ResolvedPath(root: UsersScreen.kind, query: login ?? "", screens: screens)
    }
}
