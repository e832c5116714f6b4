import NavClient
import Testing

/// What flows offer a tester beyond single steps: headers and tags, matching any text and
/// typed values, blocks with conditions, repeats and retries, waits that report like asserts,
/// and sessions kept for replay.
@Suite struct FlowLanguageTests {
    private func lines(_ output: String) -> [String] { output.split(separator: "\n").map(String.init) }

    @Test func headerTagsChooseTheFlowsAndEnvGivesDefaults() throws {
        let scratch = try ScratchFolder()
        _ = try scratch.write("a.yaml", "name: find\ntags: [fast]\nenv: {LOGIN: mojombo}\n---\n- search: ${LOGIN}\n- assertVisible: {id: \"user:${LOGIN}\"}\n")
        _ = try scratch.write("b.yaml", "tags: [slow, fast]\n---\n- back\n")
        _ = try scratch.write("c.yml", "- assertStack: [users]\n")
        let fast = try runCommand(Binaries.navhost, ["run", "--include-tags", "fast", "--exclude-tags", "slow", scratch.path])
        #expect(fast.status.exitCode == 0, "\(fast.output)")
        #expect(fast.output.contains("▶ \(scratch.path)/a.yaml (find)"))
        #expect(fast.output.contains("– \(scratch.path)/b.yaml skipped (tags: slow, fast)"))
        #expect(lines(fast.output).last?.hasPrefix("Flows: 1 of 1 passed, 2 skipped by tags (") == true, "\(fast.output)")

        let overridden = try runCommand(Binaries.navhost, ["run", "--env", "LOGIN=defunkt", scratch.path + "/a.yaml", scratch.path + "/c.yml"])
        #expect(overridden.status.exitCode == 0, "\(overridden.output)")
        #expect(overridden.output.contains("✓ 1/2 search \"defunkt\""), "--env takes precedence over the header's env")
        #expect(overridden.output.contains("✓ 1/1 assertStack [users]"))
    }

    @Test func aHeaderRootOpensTheFlowsHostOnThatScreen() throws {
        let scratch = try ScratchFolder()
        let flow = try scratch.write("root.yaml", "root: {kind: repositories, params: {login: defunkt}}\n---\n- assertStack: [repositories]\n- assertVisible: {values: {owner: defunkt}, index: 0}\n")
        let run = try runCommand(Binaries.navhost, ["run", flow])
        #expect(run.status.exitCode == 0, "\(run.output)")
    }

    @Test func plainTextMatchesAWholeTextAndValuesCompareTypedNumbers() throws {
        let scratch = try ScratchFolder()
        let flow = try scratch.write("match.yaml", """
            root: {kind: repositories, params: {login: mojombo}}
            ---
            - assertVisible: chronic
            - assertNotVisible: chron
            - assertVisible: "Ruby process monitor"
            - assertVisible: {title: tomdoc, values: {language: null, stars: 423}}
            - assertCount: {values: {stars: {atLeast: 2000, atMost: 3000}}, count: 1}
            - assertVisible: {values: {stars: {atLeast: 5000}}}
            """)
        let run = try runCommand(Binaries.navhost, ["run", flow])
        #expect(run.status.exitCode == 1)
        #expect(run.output.contains("✓ 5/6 assertCount values.stars ≥ 2000 and ≤ 3000 = 1"), "\(run.output)")
        #expect(run.output.contains("expected: a row with values.stars ≥ 5000 on the top screen"))
        #expect(run.output.contains("found:    none of the 6 rows matches"))
    }

    @Test func blocksRunOnConditionsRepeatAndRetry() throws {
        let run = try runCommand(Binaries.navhost, ["run", RepositoryFiles.path("examples/flows/blocks.yaml")])
        #expect(run.status.exitCode == 0, "\(run.output)")
        for line in [
            "  ✓ 2/8 runFlow 1 command when a row with id = links:homepage is visible",
            "  ✓ 3/8 runFlow 1 command when no row with section = stats is visible — skipped: the condition does not hold",
            "  ✓ 4/8 repeat 1 command while no row with id = user:mojombo is visible — 2 rounds",
            "  ✓ 6/8 repeat 2 commands 2 times — 2 rounds",
            "    ↻ retrying (attempt 2 of 3)",
            "  ✓ 8/8 retry 2 commands up to 2 more times — passed on attempt 2 of 3",
        ] {
            #expect(run.output.contains(line), "missing: \(line)\n\(run.output)")
        }
        #expect(!run.output.contains("this never runs"))
    }

    @Test func aRepeatThatNeverEndsAndARetryThatNeverPassesFailTheFlow() throws {
        let scratch = try ScratchFolder()
        let endless = try scratch.write("endless.yaml", "- repeat: {while: {visible: {id: \"user:torvalds\"}}, commands: [assertStack: [users]]}\n")
        let run = try runCommand(Binaries.navhost, ["run", endless])
        #expect(run.status.exitCode == 1)
        #expect(run.output.contains("expected: a row with id = user:torvalds is visible to stop holding within 100 rounds (add times: N to bound it)"), "\(run.output)")
        let hopeless = try scratch.write("hopeless.yaml", "- retry: {maxRetries: 1, commands: [assertVisible: nobody-at-all]}\n- back\n")
        let retried = try runCommand(Binaries.navhost, ["run", hopeless])
        #expect(retried.status.exitCode == 1)
        #expect(retried.output.contains("↻ retrying (attempt 2 of 2)"))
        #expect(retried.output.contains("– 2/2 back  (skipped)"))
    }

    @Test func aWaitForThatTimesOutReportsInTheWordsOfAFailedAssert() throws {
        let scratch = try ScratchFolder()
        let waited = try runCommand(Binaries.navhost, ["run", try scratch.write("wait.yaml", "- waitFor: {id: \"user:nobody\", timeout: 0.3}\n")])
        let asserted = try runCommand(Binaries.navhost, ["run", try scratch.write("assert.yaml", "- assertVisible: {id: \"user:nobody\"}\n")])
        #expect(waited.status.exitCode == 1 && asserted.status.exitCode == 1)
        let report = { (output: String) in self.lines(output).filter { $0.contains("expected:") || $0.contains("found:") } }
        #expect(report(waited.output) == ["      expected: a row with id = user:nobody on the top screen", "      found:    none of the 250 rows matches"])
        #expect(report(waited.output) == report(asserted.output))
        #expect(waited.output.contains("(after waiting 0.3 s)"))
        #expect(waited.output.contains("┌─ Users · users s1 (depth 1)") || waited.output.contains("▶─ Users · users s1 (depth 1)"), "the screen is shown")
    }

    @Test func recordKeepsEachFlowsSessionAndReplayFindsNoDifference() throws {
        let scratch = try ScratchFolder()
        let folder = scratch.path + "/sessions"
        let flows = ["deep-link", "reuse"].map { RepositoryFiles.path("examples/flows/\($0).yaml") }
        let run = try runCommand(Binaries.navhost, ["run", "--record", folder] + flows)
        #expect(run.status.exitCode == 0, "\(run.output)")
        for name in ["deep-link", "reuse"] {
            #expect(run.output.contains("  recorded to \(folder)/\(name).jsonl"))
            let replay = try runCommand(Binaries.navhost, ["replay", "\(folder)/\(name).jsonl"])
            #expect(replay.status.exitCode == 0, "\(replay.output)")
            #expect(replay.output.contains("no differences"))
        }
    }
}
