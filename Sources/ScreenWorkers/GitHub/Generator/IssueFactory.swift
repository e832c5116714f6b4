/// Plans a repository's issues and pull requests: numbers in creation order, the newer ones
/// more often open, closed issues with a reason, pull requests with their branches and counts.
struct IssueFactory {
    /// What the factory knows of the repository.
    struct Repository {
        var id: Int
        var ownerID: Int
        var ownerIsUser: Bool
        var openCount: Int
        var closedCount: Int
        var created: Int
        var defaultBranch: String
        var language: String
    }

    struct Comment {
        var id: Int
        var authorID: Int
        var bodyID: Int
        var created: Int
    }

    struct PullFacts {
        var baseRef, headRef: String
        var fromFork, draft: Bool
        var merged: Int?
        var mergeable: Bool?
        var additions, deletions, changedFiles, commits: Int
    }

    struct Item {
        var id = 0
        var number = 0
        var isPull = false
        var isOpen = false
        var stateReason: String?
        var kindRank = 0
        var stateRank = 0
        var title = ""
        var authorID = 0
        var assigneeID: Int?
        var labels = ""
        var bodyID: Int?
        var created = 0
        var updated = 0
        var closed: Int?
        var comments: [Comment] = []
        var pull: PullFacts?
    }

    let texts: TextPool
    /// Accounts that open issues and comment (users, not organisations), by popularity.
    let people: [Int]

    func items(
        for repository: Repository, issueIDs: inout IDSequence, commentIDs: inout IDSequence, _ random: inout SplitMix64
    ) -> [Item] {
        let total = repository.openCount + repository.closedCount
        guard total > 0 else { return [] }
        var items: [Item] = []
        items.reserveCapacity(total)
        // Newest first, each item open with even odds until the open ones are all placed, and
        // those left open when as many items as open ones remain: the newer the likelier open.
        var isOpen = [Bool](repeating: false, count: total)
        var openLeft = repository.openCount
        for index in (0..<total).reversed() where openLeft > 0 && (openLeft > index || random.chance(0.5)) {
            isOpen[index] = true
            openLeft -= 1
        }
        var number = 0
        let start = max(repository.created, SnapshotTimeline.launch)
        let span = max(1, SnapshotTimeline.now - 86_400 - start)
        for index in 0..<total {
            var item = Item()
            number += 1 + (random.chance(0.2) ? random.below(3) : 0)
            item.number = number
            item.id = issueIDs.next(&random)
            item.isPull = random.chance(0.3)
            // Creation times spread evenly over the repository's life, in number order.
            item.created = start + span * index / total + random.below(max(1, span / total))
            item.isOpen = isOpen[index]
            fill(&item, repository, &commentIDs, &random)
            items.append(item)
        }
        rank(&items)
        return items
    }

    private func fill(_ item: inout Item, _ repository: Repository, _ commentIDs: inout IDSequence, _ random: inout SplitMix64) {
        let noun = random.pick(ProjectVocabulary.nouns)
        let domain = random.pick(ProjectVocabulary.domains)
        let titles = item.isPull ? IssueVocabulary.pullTitles : IssueVocabulary.issueTitles
        item.title = random.pick(titles).filled(noun: noun, domain: domain, language: repository.language)
        item.authorID = repository.ownerIsUser && random.chance(0.2) ? repository.ownerID : random.pick(people)
        if random.chance(0.25) { item.assigneeID = repository.ownerIsUser ? repository.ownerID : random.pick(people) }
        item.bodyID = random.chance(0.9) ? random.inRange(texts.bodies.lowerBound...(texts.bodies.upperBound - 1)) : nil
        let now = SnapshotTimeline.now
        if !item.isOpen { item.closed = SnapshotTimeline.between(item.created, now, &random) }
        var labels: [String] = []
        if item.isPull {
            item.pull = pullFacts(item, repository, noun: noun, &random)
        } else if item.isOpen {
            item.stateReason = random.chance(0.08) ? "reopened" : nil
        } else {
            item.stateReason = random.weighted([("completed", 75), ("not_planned", 20), ("duplicate", 5)])
            if item.stateReason == "duplicate" { labels.append(LabelCatalog.duplicate.name) }
        }
        if random.chance(0.5) { labels.append(random.pick(LabelCatalog.all).name) }
        item.labels = Array(Set(labels)).sorted().joined(separator: ",")
        let commentCount = random.chance(0.4) ? 0 : random.moderatelyTailed(scale: item.isOpen ? 3 : 2, cap: 12)
        var last = item.created
        for _ in 0..<commentCount {
            last = SnapshotTimeline.between(last, item.closed ?? now, &random)
            let author = random.chance(0.3) ? item.authorID : random.pick(people)
            let body = random.inRange(texts.comments.lowerBound...(texts.comments.upperBound - 1))
            item.comments.append(Comment(id: commentIDs.next(&random), authorID: author, bodyID: body, created: last))
        }
        item.updated = max(last, item.closed ?? item.created)
    }

    private func pullFacts(_ item: Item, _ repository: Repository, noun: String, _ random: inout SplitMix64) -> PullFacts {
        let additions = random.heavyTailed(median: 40, cap: 20_000)
        return PullFacts(
            baseRef: repository.defaultBranch, headRef: "\(random.pick(IssueVocabulary.branchPrefixes))/\(noun)-\(item.number)",
            fromFork: item.authorID != repository.ownerID, draft: item.isOpen && random.chance(0.1),
            merged: item.closed.flatMap { random.chance(0.7) ? $0 : nil },
            mergeable: item.isOpen ? random.weighted([(Optional(true), 8), (Optional(false), 1), (nil, 1)]) : nil,
            additions: additions, deletions: random.heavyTailed(median: Double(additions) / 3 + 1, cap: 20_000),
            changedFiles: 1 + random.heavyTailed(median: 2, cap: 300), commits: 1 + random.heavyTailed(median: 1.5, cap: 250))
    }

    /// Numbers each item's place, newest first, among its kind and among its kind and state.
    private func rank(_ items: inout [Item]) {
        var kindCounts = [0, 0]
        var stateCounts = [0, 0, 0, 0]
        for index in items.indices.reversed() {
            let kind = items[index].isPull ? 1 : 0
            let state = kind * 2 + (items[index].isOpen ? 0 : 1)
            items[index].kindRank = kindCounts[kind]
            items[index].stateRank = stateCounts[state]
            kindCounts[kind] += 1
            stateCounts[state] += 1
        }
    }
}
