import GitHubModels

/// Makes plausible generated users and organisations.
enum UserFactory {
    /// A new account with this id; its login may collide with an existing one (see `disambiguated`).
    static func makeUser(id: Int, _ random: inout SplitMix64) -> GitHubUser {
        let created = SnapshotTimeline.creationTime(ofUserID: id) + random.below(86_400)
        let updated = SnapshotTimeline.between(created, SnapshotTimeline.now, &random)
        var user =
            random.chance(0.12)
            ? makeOrganization(id: id, &random) : makePerson(id: id, &random)
        user.createdAt = SnapshotTimeline.string(created)
        user.updatedAt = SnapshotTimeline.string(updated)
        return user
    }

    /// The same account under a login no one else has yet, e.g. "tom" → "tom482".
    static func disambiguated(_ user: GitHubUser, _ random: inout SplitMix64) -> GitHubUser {
        var renamed = user
        renamed.login = user.login + String(random.inRange(1...9_999))
        renamed.htmlURL = GitHubURLs.profile(login: renamed.login)
        return renamed
    }

    private static func makePerson(id: Int, _ random: inout SplitMix64) -> GitHubUser {
        let words = PeopleVocabulary.self
        var name: String?
        let login: String
        if random.chance(0.82) {
            let first = random.pick(words.firstNames)
            let last = random.pick(words.lastNames)
            name = "\(first) \(last)"
            login = personLogin(first: first, last: last, &random)
        } else {
            login = random.pick(words.handleWords) + random.pick(words.handleWords)
                + (random.chance(0.5) ? String(random.inRange(1...99)) : "")
        }
        var user = account(login: login, id: id, type: .user)
        user.name = name
        user.company = random.chance(0.35) ? random.pick(words.companies) : nil
        user.location = random.chance(0.68) ? random.pick(words.locations) : nil
        if random.chance(0.45) {
            let phraseCount = random.inRange(1...2)
            user.bio = random.distinct(phraseCount, of: words.bioPhrases).joined(separator: ". ")
        }
        user.blog = random.chance(0.3) ? blog(for: login, &random) : ""
        user.email = random.chance(0.12) ? "\(login.lowercased())@example.com" : nil
        user.followers = random.heavyTailed(median: 8, cap: 150_000)
        user.following = random.heavyTailed(median: 6, cap: 5_000)
        user.publicRepos = random.moderatelyTailed(scale: 14, cap: 80)
        return user
    }

    private static func makeOrganization(id: Int, _ random: inout SplitMix64) -> GitHubUser {
        let words = PeopleVocabulary.self
        let word = random.pick(words.organizationWords)
        let suffix = random.chance(0.7) ? random.pick(words.organizationSuffixes) : nil
        let login = [word, suffix].compactMap { $0.map(PeopleVocabulary.loginFragment) }
            .joined(separator: random.chance(0.5) ? "-" : "")
        var user = account(login: login, id: id, type: .organization)
        user.name = random.chance(0.8) ? [word, suffix].compactMap { $0 }.joined(separator: " ") : nil
        user.location = random.chance(0.5) ? random.pick(words.locations) : nil
        user.bio = random.chance(0.6) ? random.pick(words.organizationBios) : nil
        user.blog = random.chance(0.7) ? blog(for: login, &random) : ""
        user.followers = random.heavyTailed(median: 30, cap: 100_000)
        user.following = 0
        user.publicRepos = random.moderatelyTailed(scale: 25, cap: 120)
        return user
    }

    private static func account(login: String, id: Int, type: GitHubAccountType) -> GitHubUser {
        GitHubUser(
            login: login, id: id, type: type, siteAdmin: false, avatarURL: GitHubURLs.avatar(userID: id),
            htmlURL: GitHubURLs.profile(login: login))
    }

    private static func personLogin(first: String, last: String, _ random: inout SplitMix64) -> String {
        let f = PeopleVocabulary.loginFragment(first)
        let l = PeopleVocabulary.loginFragment(last)
        switch random.below(7) {
        case 0: return f
        case 1: return f + l
        case 2: return "\(f)-\(l)"
        case 3: return String(f.prefix(1)) + l
        case 4: return f + String(random.inRange(1...2_024))
        case 5: return f.prefix(1).uppercased() + f.dropFirst() + l.prefix(1).uppercased() + l.dropFirst()
        default: return l + String(f.prefix(1))
        }
    }

    private static func blog(for login: String, _ random: inout SplitMix64) -> String {
        let handle = login.lowercased()
        return random.pick([
            "https://\(handle).github.io", "https://\(handle).dev", "https://www.\(handle).com",
            "https://medium.com/@\(handle)", "https://twitter.com/\(handle)",
        ])
    }
}
