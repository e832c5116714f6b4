import HostOptions
import NavClient
import ArgumentParser
import Foundation

/// `navhost run FLOW.yaml|FOLDER...`: runs flows against a host of their own and exits non-zero if one fails.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run flow files (YAML lists of steps) each against a fresh host; exit 1 if any fails.",
        discussion: """
            Steps: search, select, back, backToRoot, open, assertVisible, assertNotVisible, assertStack, assertCount, \
            waitFor, snapshot, runFlow, repeat, retry (and Maestro's tapOn). See docs/automation.md.
            """)

    @Argument(help: "Flow files, and folders whose flow files (*.yaml, *.yml, not in sub-folders) run in name order.")
    var flows: [String]

    @Option(help: "Write a JUnit XML report to this file (its folder is created when missing).")
    var junit: String?

    @Flag(help: "Write each snapshot's file instead of comparing with it.")
    var updateSnapshots = false

    @Option(name: .customLong("env"), help: "A value for ${NAME} in the flows, as NAME=VALUE (repeatable).")
    var variables: [String] = []

    @Option(help: "Seconds a step may take to settle.")
    var stepTimeout: Double = 10

    @Option(help: "Run only flows with one of these tags (comma-separated).")
    var includeTags: String?

    @Option(help: "Skip flows with any of these tags (comma-separated).")
    var excludeTags: String?

    @Option(name: .customLong("record"), help: "Keep each flow's session in this folder as FLOW.jsonl, for navhost replay.")
    var recordDirectory: String?

    @OptionGroup var options: HostOptions

    func validate() throws {
        guard !flows.isEmpty else { throw ValidationError("name at least one flow file or folder") }
        for variable in variables where !variable.contains("=") {
            throw ValidationError("--env takes NAME=VALUE, got '\(variable)'")
        }
        guard stepTimeout > 0 else { throw ValidationError("--step-timeout must be positive") }
    }

    func run() throws {
        var environment: [String: String] = [:]
        for variable in variables {
            let parts = variable.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            environment[String(parts[0])] = String(parts[1])
        }
        let files: [String]
        do {
            files = try FlowFiles.expand(flows)
        } catch {
            FileOutput.standardError("navhost run: \(error)\n")
            throw ExitCode(1)
        }
        let runner = FlowRunner(
            options: FlowRunOptions(
                navhost: BuildProducts.directory + "/navhost", hostArguments: options.arguments, stepTimeout: stepTimeout,
                updateSnapshots: updateSnapshots, environment: environment,
                tags: TagFilter(include: Self.tags(includeTags), exclude: Self.tags(excludeTags)), recordDirectory: recordDirectory),
            write: StandardOutput.writeLine)
        let results = runner.run(files)
        if let junit { try JUnitReport.write(results, to: junit) }
        StandardOutput.writeLine(FlowReport.summary(results))
        if results.contains(where: { !$0.skippedByTags && !$0.passed }) { throw ExitCode(1) }
    }

    private static func tags(_ list: String?) -> Set<String> {
        Set((list ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    }
}
