import GitHubModels

/// Hand-written accounts every snapshot starts with, so docs and tests have stable examples
/// (mojombo/grit, octocat/Hello-World, torvalds/linux). Counts are approximate, not live.
enum WellKnownAccounts {
    /// The repository a generator asked for a long issue list gives it to (`largeRepositoryIssues`).
    static let largeRepository = "github/docs"

    static let all: [SnapshotAccount] = [
        account(
            login: "mojombo", id: 1, name: "Tom Preston-Werner", blog: "http://tom.preston-werner.com",
            location: "San Francisco", followers: 24_105, following: 11, createdAt: "2007-10-20T05:24:19Z",
            repositories: [
                Seed(1, "grit",
                     "**Grit is no longer maintained. Check out libgit2/rugged.** Grit gives you object oriented"
                        + " read/write access to Git repositories via Ruby.",
                     "Ruby", LicenseCatalog.mit, stars: 1_968, forks: 507, issues: 5,
                     homepage: "http://grit.rubyforge.org/", created: "2007-10-29T14:37:16Z"),
                Seed(26, "god", "Ruby process monitor", "Ruby", LicenseCatalog.mit, stars: 2_212, forks: 536,
                     issues: 113, homepage: "http://godrb.com/", created: "2008-01-13T05:16:23Z"),
                Seed(1_468, "chronic", "Chronic is a pure Ruby natural language date parser.", "Ruby",
                     LicenseCatalog.mit, stars: 3_238, forks: 452, issues: 99, created: "2008-09-05T20:10:12Z"),
                Seed(1_861_402, "tomdoc", "A flexible code documentation specification with human readers in mind.",
                     nil, nil, stars: 423, forks: 44, issues: 6, homepage: "http://tomdoc.org",
                     created: "2011-06-06T21:14:08Z"),
                Seed(17_358_646, "mojombo.github.io", "Tom Preston-Werner's blog", "HTML", nil, stars: 1_012,
                     forks: 297, issues: 0, homepage: "http://tom.preston-werner.com", created: "2014-03-03T07:17:31Z"),
            ]),
        account(
            login: "defunkt", id: 2, name: "Chris Wanstrath", blog: "http://chriswanstrath.com/", bio: "🍔",
            followers: 22_561, following: 215, createdAt: "2007-10-20T05:24:19Z",
            repositories: [
                Seed(3_675_467, "dotjs", "~/.js", "Ruby", nil, stars: 3_128, forks: 349, issues: 41,
                     homepage: "http://bit.ly/dotjs", created: "2011-03-10T09:01:18Z"),
                Seed(9_578, "facebox", "Facebook-style lightbox, built in jQuery", "JavaScript", LicenseCatalog.mit,
                     stars: 1_928, forks: 429, issues: 75, homepage: "http://defunkt.io/facebox/",
                     created: "2008-03-09T05:48:20Z"),
                Seed(2_090_138, "jquery-pjax", "pushState + ajax = pjax", "JavaScript", LicenseCatalog.mit,
                     stars: 16_727, forks: 1_981, issues: 135, homepage: "https://pjax.herokuapp.com",
                     created: "2011-02-26T02:22:55Z"),
                Seed(29, "ambition", "include Enumerable — Unmaintained", "Ruby", LicenseCatalog.mit, stars: 176,
                     forks: 20, issues: 0, created: "2008-01-14T06:28:56Z"),
            ]),
        account(
            login: "octocat", id: 583_231, name: "The Octocat", company: "@github", blog: "https://github.blog",
            location: "San Francisco", followers: 18_650, following: 9, createdAt: "2011-01-25T18:44:36Z",
            repositories: [
                Seed(1_296_269, "Hello-World", "My first repository on GitHub!", nil, nil, stars: 2_980,
                     forks: 3_214, issues: 1_607, created: "2011-01-26T19:01:12Z"),
                Seed(1_300_192, "Spoon-Knife", "This repo is for demonstration purposes only.", "HTML", nil,
                     stars: 12_893, forks: 144_215, issues: 12_512, created: "2011-01-27T19:30:43Z"),
                Seed(17_881_631, "octocat.github.io", nil, "CSS", nil, stars: 1_006, forks: 643, issues: 104,
                     created: "2014-03-18T20:54:39Z"),
                Seed(18_221_276, "git-consortium", "This repo is for demonstration purposes only.", nil, nil,
                     stars: 162, forks: 123, issues: 21, created: "2014-03-28T17:55:38Z"),
                Seed(20_978_623, "hello-worId", "My first repository on GitHub.", nil, nil, stars: 233, forks: 230,
                     issues: 38, created: "2014-06-18T21:26:19Z"),
                Seed(56_271_164, "linguist", linguistDescription,
                     "Ruby", LicenseCatalog.mit, stars: 199, forks: 226, issues: 8, fork: true,
                     created: "2016-04-14T21:39:34Z"),
                Seed(132_935_648, "boysenberry-repo-1", "Testing", nil, nil, stars: 354, forks: 76, issues: 3,
                     created: "2018-05-10T17:51:29Z"),
            ]),
        account(
            login: "torvalds", id: 1_024_025, name: "Linus Torvalds", company: "Linux Foundation",
            location: "Portland, OR", followers: 231_870, following: 0, createdAt: "2011-09-03T15:26:22Z",
            repositories: [
                Seed(2_325_298, "linux", "Linux kernel source tree", "C", LicenseCatalog.gpl2, stars: 191_504,
                     forks: 56_317, issues: 0, topics: [], created: "2011-09-04T22:48:12Z"),
                Seed(12_806_590, "subsurface-for-dirk",
                     "Do not use - the real upstream is Subsurface-divelog/subsurface", "C++", LicenseCatalog.gpl2,
                     stars: 2_853, forks: 515, issues: 17, created: "2013-09-13T16:58:36Z"),
                Seed(79_171_906, "uemacs", "Random version of microemacs with my private modificatons", "C", nil,
                     stars: 1_733, forks: 267, issues: 15, created: "2017-01-16T23:28:20Z"),
                Seed(72_266_227, "test-tlb", "Stupid memory latency and TLB tester", "C", nil, stars: 804,
                     forks: 119, issues: 3, created: "2016-10-29T01:06:59Z"),
                Seed(8_813_669, "pesconvert", "Brother PES file converter", "C", nil, stars: 428, forks: 82,
                     issues: 4, created: "2013-03-16T17:11:52Z"),
                Seed(901_178_064, "GuitarPedal", "Linus learns analog circuits", "C", nil, stars: 2_112, forks: 134,
                     issues: 2, created: "2024-12-07T20:12:11Z"),
            ]),
        account(
            login: "github", id: 9_919, type: .organization, name: "GitHub", blog: "https://github.com/about",
            location: "San Francisco, CA", bio: "How people build software.", followers: 45_210, following: 0,
            createdAt: "2008-05-11T04:37:31Z",
            repositories: [
                Seed(1_062_897, "gitignore", "A collection of useful .gitignore templates", nil, LicenseCatalog.cc0,
                     stars: 165_800, forks: 82_100, issues: 95, topics: ["gitignore"],
                     created: "2010-11-08T20:17:14Z"),
                Seed(1_725_199, "linguist", linguistDescription,
                     "Ruby", LicenseCatalog.mit, stars: 12_850, forks: 4_420, issues: 130,
                     topics: ["syntax-highlighting", "linguistic", "language-statistics"],
                     created: "2011-05-09T22:53:13Z"),
                Seed(11_874_094, "choosealicense.com",
                     "A site to provide non-judgmental guidance on choosing a license for your open source project",
                     "Ruby", LicenseCatalog.mit, stars: 4_320, forks: 1_450, issues: 60,
                     homepage: "https://choosealicense.com", topics: ["license", "open-source", "jekyll"],
                     created: "2013-08-04T02:13:42Z"),
                Seed(51_905_353, "gh-ost", "GitHub's Online Schema-migration Tool for MySQL", "Go", LicenseCatalog.mit,
                     stars: 12_750, forks: 1_290, issues: 760, topics: ["mysql", "migration", "go"],
                     created: "2016-02-17T13:57:20Z"),
                Seed(206_428_011, "docs", nil, "Markdown", LicenseCatalog.cc0, stars: 17_100, forks: 61_500,
                     issues: 150, homepage: "https://docs.github.com", topics: ["docs", "hacktoberfest"],
                     branch: "main", created: "2019-09-04T21:05:32Z"),
            ]),
    ]

    /// A seed repository's facts; the rest (owner, URLs, dates) is derived in `account`.
    private struct Seed {
        var id: Int, name: String, description: String?, language: String?, license: GitHubLicense?
        var stars: Int, forks: Int, issues: Int, homepage: String?, topics: [String], fork: Bool
        var branch: String, created: String

        init(
            _ id: Int, _ name: String, _ description: String?, _ language: String?, _ license: GitHubLicense?,
            stars: Int, forks: Int, issues: Int, homepage: String? = nil, topics: [String] = [],
            fork: Bool = false, branch: String = "master", created: String
        ) {
            (self.id, self.name, self.description) = (id, name, description)
            (self.language, self.license) = (language, license)
            (self.stars, self.forks, self.issues, self.homepage) = (stars, forks, issues, homepage)
            (self.topics, self.fork, self.branch, self.created) = (topics, fork, branch, created)
        }
    }

    private static let linguistDescription =
        "Language Savant. If your repository's language is being reported incorrectly, send us a pull request!"

    /// When the hand-written accounts were last updated and pushed to.
    private static let updatedAt = "2025-05-20T12:00:00Z"

    private static func account(
        login: String, id: Int, type: GitHubAccountType = .user, name: String?, company: String? = nil,
        blog: String = "", location: String? = nil, bio: String? = nil, followers: Int, following: Int,
        createdAt: String, repositories seeds: [Seed]
    ) -> SnapshotAccount {
        let user = GitHubUser(
            login: login, id: id, type: type, siteAdmin: false, avatarURL: GitHubURLs.avatar(userID: id),
            htmlURL: GitHubURLs.profile(login: login), name: name, company: company, blog: blog,
            location: location, email: nil, bio: bio, publicRepos: seeds.count, followers: followers,
            following: following, createdAt: createdAt, updatedAt: updatedAt)
        let repositories = seeds.map { seed in
            GitHubRepository(
                id: seed.id, name: seed.name, owner: user.asOwner,
                htmlURL: GitHubURLs.repository(owner: login, name: seed.name), description: seed.description,
                fork: seed.fork, homepage: seed.homepage, language: seed.language, license: seed.license,
                stargazersCount: seed.stars, forksCount: seed.forks, watchersCount: seed.stars,
                openIssuesCount: seed.issues, topics: seed.topics, defaultBranch: seed.branch,
                createdAt: seed.created, updatedAt: updatedAt, pushedAt: updatedAt)
        }
        return SnapshotAccount(user: user, repositories: repositories)
    }
}
