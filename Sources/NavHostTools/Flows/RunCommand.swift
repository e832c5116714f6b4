import HostOptions
import NavClient
import ArgumentParser
import Foundation

/// `navhost run FLOW.yaml...`: runs flows against a host of its own and exits non-zero if one fails.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run flow files (YAML lists of steps) each against a fresh host; exit 1 if any fails.",
        discussion: "Steps: search, select, back, backToRoot, open, assertVisible, assertNotVisible, assertStack, assertCount, waitFor, snapshot, runFlow. See docs/automation.md.")

    @Argument(help: "The flow files to run, in order.")
    var flows: [String]

    @Option(help: "Write a JUnit XML report to this file.")
    var junit: String?

    @Flag(help: "Write each snapshot's file instead of comparing with it.")
    var updateSnapshots = false

    @Option(name: .customLong("env"), help: "A value for ${NAME} in the flows, as NAME=VALUE (repeatable).")
    var variables: [String] = []

    @Option(help: "Seconds a step may take to settle.")
    var stepTimeout: Double = 10

    @OptionGroup var options: HostOptions

    func validate() throws {
        guard !flows.isEmpty else { throw ValidationError("name at least one flow file") }
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
        let runner = FlowRunner(
            options: FlowRunOptions(
                navhost: BuildProducts.directory + "/navhost", hostArguments: options.arguments, stepTimeout: stepTimeout,
                updateSnapshots: updateSnapshots, environment: environment),
            write: StandardOutput.writeLine)
        let results = runner.run(flows)
        StandardOutput.writeLine(FlowReport.summary(results))
        if let junit {
            try JUnitReport.xml(results).write(toFile: junit, atomically: true, encoding: .utf8)
        }
        if results.contains(where: { !$0.passed }) { throw ExitCode(1) }
    }
}

