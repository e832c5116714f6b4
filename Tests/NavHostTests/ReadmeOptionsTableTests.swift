import Foundation
import HostOptions
import Testing

/// The README's table of navhost's options is held to Sources/HostOptions/options.json, where
/// each option is declared once: every option has its row, and no row names an option that is
/// not there.
@Suite struct ReadmeOptionsTableTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The flags the first column of the README's options table names.
    private static func documented() throws -> Set<String> {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `--") }
        let flag = try Regex(#"`(--[a-z][a-z-]*)"#)
        return Set(rows.flatMap { row in
            row.split(separator: "|", omittingEmptySubsequences: true).first.map { cell in cell.matches(of: flag).map { String($0.output[1].substring ?? "") } } ?? []
        })
    }

    @Test func everyOptionHasItsRowAndEveryRowAnOption() throws {
        // Beside options.json's: navhost's own --record (the host's, not a setting passed on),
        // and ArgumentParser's --version (its row also names `-h/--help`).
        let own: Set<String> = ["--" + HostFlag.record, "--version"]
        let documented = try Self.documented()
        // The flags generated from options.json, with `--no-` for those that can be turned off.
        #expect(documented.subtracting(own) == Set(HostFlag.all.map { "--" + $0 }))
        #expect(documented.isSuperset(of: own))
    }
}
