import GitHubModels

/// The licences a snapshot knows, with how often generated repositories carry each.
enum LicenseCatalog {
    static let mit = GitHubLicense(key: "mit", name: "MIT License", spdxID: "MIT")
    static let apache2 = GitHubLicense(key: "apache-2.0", name: "Apache License 2.0", spdxID: "Apache-2.0")
    static let gpl2 = GitHubLicense(key: "gpl-2.0", name: "GNU General Public License v2.0", spdxID: "GPL-2.0")
    static let gpl3 = GitHubLicense(key: "gpl-3.0", name: "GNU General Public License v3.0", spdxID: "GPL-3.0")
    static let lgpl3 = GitHubLicense(
        key: "lgpl-3.0", name: "GNU Lesser General Public License v3.0", spdxID: "LGPL-3.0")
    static let bsd2 = GitHubLicense(
        key: "bsd-2-clause", name: "BSD 2-Clause \"Simplified\" License", spdxID: "BSD-2-Clause")
    static let bsd3 = GitHubLicense(
        key: "bsd-3-clause", name: "BSD 3-Clause \"New\" or \"Revised\" License", spdxID: "BSD-3-Clause")
    static let mpl2 = GitHubLicense(key: "mpl-2.0", name: "Mozilla Public License 2.0", spdxID: "MPL-2.0")
    static let unlicense = GitHubLicense(key: "unlicense", name: "The Unlicense", spdxID: "Unlicense")
    static let cc0 = GitHubLicense(key: "cc0-1.0", name: "Creative Commons Zero v1.0 Universal", spdxID: "CC0-1.0")
    static let other = GitHubLicense(key: "other", name: "Other", spdxID: "NOASSERTION")

    static let all = [mit, apache2, gpl2, gpl3, lgpl3, bsd2, bsd3, mpl2, unlicense, cc0, other]

    /// nil is "no licence detected", as for about a third of public repositories.
    static let weighted: [(GitHubLicense?, Int)] = [
        (mit, 34), (apache2, 13), (gpl3, 7), (gpl2, 2), (lgpl3, 1), (bsd3, 3), (bsd2, 1), (mpl2, 1),
        (unlicense, 1), (cc0, 1), (other, 4), (nil, 32),
    ]
}
