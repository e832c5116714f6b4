@testable import GitHubAPI
import FakeGitHub
import Testing

/// Link headers as GitHub sends them, and the URL helpers the client relies on.
@Suite struct LinkAndURLTests {
    @Test func linkRelationsAreParsedVerbatim() {
        let value = "<https://api.github.com/user/50003/repos?per_page=30&page=1>; rel=\"prev\", "
            + "<https://api.github.com/user/50003/repos?per_page=30&page=3>; rel=\"next\", "
            + "<https://api.github.com/user/50003/repos?per_page=30&page=9>; rel=\"last\""
        let links = LinkHeader.relations(in: [value])
        #expect(links["next"] == "https://api.github.com/user/50003/repos?per_page=30&page=3")
        #expect(links["prev"] == "https://api.github.com/user/50003/repos?per_page=30&page=1")
        #expect(links["last"] == "https://api.github.com/user/50003/repos?per_page=30&page=9")
        #expect(LinkHeader.relations(in: ["<https://x/a?b=1,2>; rel=\"first prev\""]) == ["first": "https://x/a?b=1,2", "prev": "https://x/a?b=1,2"])
        #expect(LinkHeader.relations(in: ["<https://x/a>; rel=last"])["next"] == nil)
        #expect(LinkHeader.relations(in: []).isEmpty)
    }

    @Test func componentsAreEncodedLikeGitHubDoes() {
        #expect(APIURL.encode("location:Berlin") == "location%3ABerlin")
        #expect(APIURL.encode("shipit[bot]") == "shipit%5Bbot%5D")
        #expect(APIURL.encode("tom followers:>1000") == "tom%20followers%3A%3E1000")
        #expect(APIURL.encode("héllo") == "h%C3%A9llo")
        #expect(APIURL.encode("a-b_c.d~e") == "a-b_c.d~e")
    }

    @Test func originsCompareSchemeHostAndPort() {
        #expect(APIURL.origin(of: "https://API.github.com/users?q=1") == "https://api.github.com")
        #expect(APIURL.origin(of: "https://api.github.com:443/x") == "https://api.github.com")
        #expect(APIURL.origin(of: "http://127.0.0.1:8080/api/v3") == "http://127.0.0.1:8080")
        #expect(APIURL.origin(of: "https://user@evil.example/") == nil)
        #expect(APIURL.origin(of: "ftp://x/") == nil)
        // Not ASCII: the Kelvin sign lower-cases to "k", yet names another host; a slash with a
        // combining mark after it is no slash.
        #expect(APIURL.origin(of: "https://git\u{212A}ub.example/users") == nil)
        #expect(APIURL.origin(of: "https://api.github.com/\u{0301}@evil.example/") == nil)
        #expect(APIURL.origin(of: "http\u{017F}://api.github.com/") == nil)
        #expect(APIURL.resolve("/repositories/1", against: "http://127.0.0.1:9/repos/a/b") == "http://127.0.0.1:9/repositories/1")
        #expect(APIURL.resolve("https://api.github.com/repositories/1", against: "http://x/") == "https://api.github.com/repositories/1")
        #expect(APIURL.resolve("//evil.example/x", against: "http://x/") == nil)
    }
}
