import Foundation
import GitHubScreens
import Testing

/// Markdown as issue, pull request and README screens show it: readable lines, no markup left.
@Suite struct MarkdownLinesTests {
    func texts(_ lines: [MarkdownLine]) -> [String] { lines.map { "\($0.style.rawValue): \($0.text)" } }

    @Test func headingsParagraphsItemsAndCodeKeepTheirText() {
        let lines = MarkdownLines.lines(of: "# Title *here*\n\nOne\n**two**\n\n- an `item`\n1. first\n\n```\nlet x = 1\n```")
        #expect(texts(lines) == ["heading: Title here", "paragraph: One two", "listItem: an item", "listItem: first", "code: let x = 1"])
        #expect(lines.first?.level == 1)
    }

    @Test func commentsOfATemplateLeaveNothing() {
        let body = "<!--\nThank you for sending a pull request.\nPlease describe it.\n-->\nFixes the crash. <!-- why -->\n<!-- unclosed"
        #expect(texts(MarkdownLines.lines(of: body)) == ["paragraph: Fixes the crash."])
    }

    @Test func referenceLinksReadAsTheirTextAndBecomeLinkRows() {
        let body = "See [the docs][Docs] and [Octokit], not [this] or [that][gone].\n\n[docs]: https://example.com/docs \"Docs\"\n  [octokit]: <https://octokit.github.io>"
        let lines = MarkdownLines.lines(of: body)
        #expect(texts(lines) == ["paragraph: See the docs and Octokit, not [this] or that.", "link: the docs", "link: Octokit"])
        #expect(lines.compactMap(\.url) == ["https://example.com/docs", "https://octokit.github.io"])
    }

    @Test func htmlBlocksReadAsHeadingsItemsAndLinks() {
        let body = "<h2>What&#39;s Changed</h2>\n<ul>\n<li>Fix &amp; test by <a href=\"https://github.com/x\"><code>@x</code></a></li>\n</ul>\n<p>a &lt; b</p>"
        let lines = MarkdownLines.lines(of: body)
        #expect(texts(lines) == ["heading: What's Changed", "listItem: Fix & test by @x", "link: @x", "paragraph: a < b"])
        #expect(lines.first?.level == 2)
        #expect(lines.compactMap(\.url) == ["https://github.com/x"])
    }

    @Test func aLessThanSignThatOpensNoTagIsText() {
        #expect(texts(MarkdownLines.lines(of: "if a < b and c > d")) == ["paragraph: if a < b and c > d"])
    }

    /// Dependabot's pull request body (HTML release notes) and octokit.rb's README (reference links).
    @Test func recordedBodiesLeaveNoMarkup() throws {
        let entries = try GitHubCorpus.entries()
        let pull = try #require(entries.first { $0.file.hasPrefix("86_") }?.body as? [String: Any])
        let pullBody = try #require(pull["body"] as? String)
        let pullLines = MarkdownLines.lines(of: pullBody)
        #expect(pullLines.contains { $0.style == .heading && $0.text == "v6.0.0" })
        #expect(pullLines.contains { $0.url == "https://redirect.github.com/actions/setup-python/pull/1164" })
        let readme = try #require(entries.first { $0.file.hasPrefix("89_") }?.body as? [String: Any])
        let content = try #require(readme["content"] as? String)
        let data = try #require(Data(base64Encoded: content, options: .ignoreUnknownCharacters))
        let readmeLines = MarkdownLines.lines(of: String(decoding: data, as: UTF8.self))
        #expect(readmeLines.contains { $0.style == .link && $0.url == "http://rdoc.info/gems/octokit" })
        for line in pullLines + readmeLines where line.style != .code {
            let text = line.text
            #expect(!text.contains("<!--") && !text.contains("&amp;") && !text.contains("]:") && !text.contains("]["), "\(text)")
            #expect(text.range(of: "</?[a-zA-Z]", options: .regularExpression) == nil, "a tag is left in: \(text)")
        }
    }
}
