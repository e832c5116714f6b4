import GRDB

/// The Markdown texts of a snapshot (`texts`): issue and pull request bodies and comments,
/// generated once and shared by many items, and the READMEs. A README template's `{{name}}`,
/// `{{owner}}`, `{{description}}` and `{{branch}}` are its repository's, filled when it is read.
struct TextPool {
    static let bodyCount = 96
    static let commentCount = 48

    let bodies: Range<Int>
    let comments: Range<Int>
    let readmeTemplates: Range<Int>
    /// The READMEs written for one repository each, by its full name.
    let ownReadmes: [String: Int]

    /// Writes every text; ids are consecutive from 1.
    static func write(in db: Database, seed: UInt64) throws -> TextPool {
        var random = SplitMix64(seed: seed ^ 0x7E47_7E47)
        var texts = (0..<bodyCount).map { _ in body(&random) }
        texts += (0..<commentCount).map { _ in fill(random.pick(IssueVocabulary.comments), &random) }
        texts += ReadmeTexts.templates
        texts += ReadmeTexts.own.map(\.text)
        let insert = try db.makeStatement(sql: "INSERT INTO texts (id, markdown) VALUES (?, ?)")
        for (index, text) in texts.enumerated() { try insert.execute(arguments: [index + 1, text]) }

        let commentsStart = bodyCount + 1
        let templatesStart = commentsStart + commentCount
        let ownStart = templatesStart + ReadmeTexts.templates.count
        return TextPool(
            bodies: 1..<commentsStart, comments: commentsStart..<templatesStart, readmeTemplates: templatesStart..<ownStart,
            ownReadmes: Dictionary(uniqueKeysWithValues: ReadmeTexts.own.enumerated().map { ($1.repository, ownStart + $0) }))
    }

    private static func fill(_ line: String, _ random: inout SplitMix64) -> String {
        line.filled(
            noun: random.pick(ProjectVocabulary.nouns), domain: random.pick(ProjectVocabulary.domains),
            language: random.pick(ProjectVocabulary.languages).name)
    }

    /// A body: an opening paragraph, then some of steps to reproduce, an error in a code block and
    /// a closing line, under headings as GitHub's issue templates lay them out.
    private static func body(_ random: inout SplitMix64) -> String {
        var parts = [fill(random.pick(IssueVocabulary.openings), &random)]
        if random.chance(0.6) {
            let steps = random.distinct(random.inRange(2...4), of: IssueVocabulary.steps)
            parts.append("### Steps to reproduce\n\n" + steps.enumerated().map { "\($0 + 1). \(fill($1, &random))" }.joined(separator: "\n"))
        }
        if random.chance(0.5) {
            parts.append("### Actual behaviour\n\n```\n\(random.pick(IssueVocabulary.errorLines))\n```")
        }
        if random.chance(0.4) {
            let items = (0..<random.inRange(2...3)).map { _ in "- " + fill("the %n with %d", &random) }
            parts.append("Checked with:\n\n" + items.joined(separator: "\n"))
        }
        if random.chance(0.7) { parts.append(random.pick(IssueVocabulary.closings)) }
        return parts.joined(separator: "\n\n")
    }
}
