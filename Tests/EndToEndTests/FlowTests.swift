import FakeGitHub
import Foundation
import NavClient
import Testing

/// Files of this repository, found from this source file's place in it.
enum RepositoryFiles {
    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    static func path(_ relative: String) -> String { root + "/" + relative }
}

@Suite struct FlowTests {
    @Test func theExampleFolderRunsInNameOrderAndWritesAJUnitReportWithOneCasePerFlow() throws {
        let scratch = try ScratchFolder()
        let report = scratch.path + "/reports/ci/junit.xml"  // the folders do not exist yet
        let run = try runCommand(Binaries.navhost, ["run", "--junit", report, RepositoryFiles.path("examples/flows")])
        #expect(run.status.exitCode == 0, "\(run.output)")
        let started = run.output.split(separator: "\n").filter { $0.hasPrefix("▶ ") }.map { $0.split(separator: "/").last.map(String.init) ?? "" }
        #expect(started == [
            "actions.yaml (actions on a repository and its issues)", "blocks.yaml (blocks)", "browse.yaml (browse mojombo's repositories)", "deep-link.yaml",
            "issues.yaml (a repository's issues and README)", "reuse.yaml", "values.yaml (mojombo's popular repositories)",
        ])
        #expect(run.output.split(separator: "\n").last?.hasPrefix("Flows: 7 of 7 passed (") == true, "the summary line ends the output")
        #expect(run.output.contains("✓ 10/15 snapshot grit-detail"), "the committed snapshot still matches")
        #expect(run.output.contains("⚠ 5/8 a step allowed to fail  (optional, failed; going on)"))
        #expect(run.output.contains("✓ 17/19 label two issues at once"), "a perform step is reported by its label")
        let junit = try String(contentsOfFile: report, encoding: .utf8)
        #expect(junit.contains(#"<testsuites name="navhost flows" tests="7" failures="0""#))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 7)
        #expect(junit.contains(#"<testcase classname="flows" name="browse mojombo&apos;s repositories" file=""#))
        #expect(junit.contains("<system-out>▶ \(RepositoryFiles.path("examples/flows/deep-link.yaml"))\n  ✓ 1/10 open users/mojombo/repositories/grit"))
    }

    @Test func aFailingFlowShowsTheStepTheExpectationAndTheScreenMarked() throws {
        let scratch = try ScratchFolder()
        let flow = RepositoryFiles.path("examples/failing/wrong-repository.yaml")
        let run = try runCommand(Binaries.navhost, ["run", "--junit", scratch.path + "/junit.xml", flow])
        #expect(run.status.exitCode == 1)
        let expected = [
            "  ✓ 2/4 select id = user:mojombo",
            "  ✗ 3/4 assertVisible title ~ /^rails$/, kind = repository  (\(flow):4)",
            "      expected: a row with title ~ /^rails$/, kind = repository on the top screen",
            "      found:    none of the 6 rows matches",
            "      screen:",
            "        ▶─ mojombo's repositories · repositories s2 (depth 2) · revision 1",
            "        │   grit  —  Ruby · ★ 2k  ›",
            "  – 4/4 back  (skipped)",
            "  failed: \(flow) at step 3 assertVisible title ~ /^rails$/, kind = repository (\(flow):4)",
            "Flows: 0 of 1 passed, 1 failed (",
        ]
        for line in expected { #expect(run.output.contains(line), "missing line: \(line)\n\(run.output)") }
        let junit = try scratch.read("junit.xml")
        #expect(junit.contains(#"<failure message="step 3 assertVisible title ~ /^rails$/, kind = repository failed ("#))
        #expect(junit.contains("    found:    none of the 6 rows matches"), "the failure holds the report")
        #expect(junit.contains("  – 4/4 back  (skipped)\n✗ \(flow) failed ("), "system-out holds every step")
    }

    @Test func aFlowThatCannotBeReadSaysWhereAndWhy() throws {
        let scratch = try ScratchFolder()
        let cases = [
            ("- search: mojombo\n- select: {colour: red}\n", "bad.yaml:2: unknown key 'colour' in select; allowed: title, subtitle, detail, text, id, kind, section, values, index"),
            ("- inputText: mojombo\n", "bad.yaml:1: 'inputText' is a Maestro step NavShell does not have; use search: TEXT"),
            ("- scrollUntilVisible: {element: {text: grit}}\n", "bad.yaml:1: 'scrollUntilVisible' is a Maestro step NavShell does not have; use assertVisible or waitFor"),
            ("name: no steps\ntags: [x]\n", "bad.yaml:1: a flow is a list of steps; a header (name, tags, root, env) goes before '---' and the steps"),
            ("root: {kind: Planets}\n---\n- back\n", "bad.yaml:1: a kind's name is 1 to 64 of a-z, 0-9, '-' and '_', starting with a letter; 'Planets' is not"),
            ("- repeat: {commands: [back]}\n", "bad.yaml:1: repeat needs times, while, or both"),
            ("- assertVisible: {values: {stars: {over: 3}}}\n", "unknown key 'over' in values.stars; allowed: atLeast, atMost"),
            ("- search: ${WHO}\n", "bad.yaml:1: ${WHO} is not defined"),
            ("- assertStack: [users, Planets]\n", "bad.yaml:1: a kind's name is 1 to 64 of a-z, 0-9, '-' and '_', starting with a letter; 'Planets' is not"),
            ("- select: {title: \"(\"}\n", "is not a regular expression"),
            ("- dance\n", "bad.yaml:1: unknown step 'dance'"),
        ]
        for (text, message) in cases {
            let file = try scratch.write("bad.yaml", text)
            let run = try runCommand(Binaries.navhost, ["run", file])
            #expect(run.status.exitCode == 1)
            #expect(run.output.contains(message), "\(run.output)")
        }
        let file = try scratch.write("env.yaml", "- search: ${WHO}\n- assertVisible: {id: \"user:${WHO}\"}\n")
        let withEnv = try runCommand(Binaries.navhost, ["run", "--env", "WHO=defunkt", file])
        #expect(withEnv.status.exitCode == 0, "\(withEnv.output)")
    }

    @Test func snapshotsAreWrittenOnRequestThenComparedRowByRow() throws {
        let scratch = try ScratchFolder()
        let flow = try scratch.write("detail.yaml", "- open: users/mojombo/repositories/grit\n- snapshot: grit\n")
        let missing = try runCommand(Binaries.navhost, ["run", flow])
        #expect(missing.status.exitCode == 1)
        #expect(missing.output.contains("no such file; run with --update-snapshots to write it"))

        let update = try runCommand(Binaries.navhost, ["run", "--update-snapshots", flow])
        #expect(update.status.exitCode == 0, "\(update.output)")
        let recorded = try scratch.read("__snapshots__/grit.json")
        #expect(recorded.contains(#""id": "stats:forks""#))
        #expect(try runCommand(Binaries.navhost, ["run", flow]).status.exitCode == 0)

        let tampered = recorded.replacingOccurrences(of: #""title": "Forks""#, with: #""title": "Spoons""#)
            .replacingOccurrences(of: #""id": "links:homepage""#, with: #""id": "links:blog""#)
        _ = try scratch.write("__snapshots__/grit.json", tampered)
        let compared = try runCommand(Binaries.navhost, ["run", flow])
        #expect(compared.status.exitCode == 1)
        for line in [
            #"~ screen 3 row stats:forks title: "Spoons" → "Forks""#,
            #"- screen 3 row links:blog: "Homepage""#,
            #"+ screen 3 row links:homepage: "Homepage""#,
            "▶   Forks  —",
        ] {
            #expect(compared.output.contains(line), "missing: \(line)\n\(compared.output)")
        }
    }
}

/// A flow on the live source, against the fake GitHub: a comment GitHub refuses is the failure
/// the step expects, and its progress line gives the text back.
@Suite struct LiveFlowTests {
    @Test func aRefusedCommentIsTheExpectedFailureAndItsTextComesBack() throws {
        let (comments, rules) = FakeGitHubFixture.refusedComment
        let github = try FakeGitHubFixture("flow-refused", rules: rules)
        let scratch = try ScratchFolder()
        let flow = try scratch.write("refused.yaml", """
            - open: users/PyGithub/repositories/PyGithub/issues/28
            - perform: {action: comment, input: {body: "A reply that must not be lost."}, expect: forbidden}

            """)
        let run = try runCommand(Binaries.navhost, [
            "run", flow, "--source", "github", "--api-url", github.server.baseURL, "--cache", github.cachePath, "--allow-writes",
        ])
        #expect(run.status.exitCode == 0, "\(run.output)")
        #expect(run.output.contains(#"the input came back: {"body":"A reply that must not be lost."}"#), "\(run.output)")
        #expect(try github.server.settledRequests().filter { $0.method == "POST" }.map(\.path) == [comments])
    }
}
