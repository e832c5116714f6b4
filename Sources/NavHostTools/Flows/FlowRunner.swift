import Foundation
import NavProtocol

/// What `navhost run` was asked for.
struct FlowRunOptions {
    var navhost: String
    var hostArguments: [String]
    var stepTimeout: Double
    var updateSnapshots: Bool
    var environment: [String: String]
}

/// Runs flow files, each against a fresh host, printing progress per step; a failing step
/// prints its report and skips the rest of its flow.
final class FlowRunner {
    private let options: FlowRunOptions
    private let write: (String) -> Void
    private static let maximumNesting = 10

    init(options: FlowRunOptions, write: @escaping (String) -> Void) {
        self.options = options
        self.write = write
    }

    func run(_ files: [String]) -> [FlowResult] {
        files.map(run(file:))
    }

    private func run(file: String) -> FlowResult {
        write("▶ \(file)")
        let start = ContinuousClock.now
        var result = FlowResult(file: file, steps: [], setupError: nil, seconds: 0)
        do {
            let steps = try load(file, environment: options.environment)
            let driver = try FlowDriver(navhost: options.navhost, hostArguments: options.hostArguments, stepTimeout: options.stepTimeout)
            result.steps = runSteps(steps, file: file, environment: options.environment, driver: driver, indent: "  ", depth: 0)
            driver.finish()
        } catch {
            result.setupError = "\(error)"
            write("  ✗ \(error)")
        }
        result.seconds = secondsSince(start)
        write("\(result.passed ? "✓" : "✗") \(file) \(result.passed ? "passed" : "failed") (\(String(format: "%.2f", result.seconds)) s)\n")
        return result
    }

    private func load(_ file: String, environment: [String: String]) throws -> [FlowStep] {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw FlowSyntaxError(description: "\(file): cannot read the file")
        }
        return try FlowParser(reader: FlowNodeReader(file: file, environment: environment)).parse(text)
    }

    private func runSteps(
        _ steps: [FlowStep], file: String, environment: [String: String], driver: FlowDriver, indent: String, depth: Int
    ) -> [StepResult] {
        var results: [StepResult] = []
        var failed = false
        for (index, step) in steps.enumerated() {
            var result = StepResult(number: index + 1, title: step.title, location: step.location, status: .skipped, seconds: 0)
            guard !failed else {
                results.append(result)
                write(indent + FlowReport.progress(result, of: steps.count))
                continue
            }
            let start = ContinuousClock.now
            do {
                let note = try perform(step, file: file, environment: environment, driver: driver, indent: indent, depth: depth)
                result.status = .passed
                result.seconds = secondsSince(start)
                write(indent + FlowReport.progress(result, of: steps.count, note: note))
            } catch {
                result.status = step.isOptional ? .optionalFailed : .failed
                result.seconds = secondsSince(start)
                result.report = FlowReport.failure(error, step: step, driver: driver)
                if let nested = error as? NestedFlowFailure { result.report = nested.report }
                failed = !step.isOptional
                write(indent + FlowReport.progress(result, of: steps.count))
                if !(error is NestedFlowFailure) {
                    write(result.report?.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n") ?? "")
                }
            }
            results.append(result)
        }
        return results
    }

    private func perform(
        _ step: FlowStep, file: String, environment: [String: String], driver: FlowDriver, indent: String, depth: Int
    ) throws -> String? {
        let directory = (file as NSString).deletingLastPathComponent
        guard case .runFlow(let nestedFile, let variables) = step.action else {
            let snapshots = SnapshotFiles(flowDirectory: directory.isEmpty ? "." : directory, update: options.updateSnapshots)
            return try FlowStepExecutor(driver: driver, snapshots: snapshots).run(step.action)
        }
        guard depth < FlowRunner.maximumNesting else {
            throw FlowSyntaxError(description: "\(step.location): runFlow nests more than \(FlowRunner.maximumNesting) deep; does a flow run itself?")
        }
        let path = nestedFile.hasPrefix("/") || directory.isEmpty ? nestedFile : directory + "/" + nestedFile
        let nestedEnvironment = environment.merging(variables) { _, new in new }
        let steps = try load(path, environment: nestedEnvironment)
        write("\(indent)  ↳ \(path)")
        let results = runSteps(steps, file: path, environment: nestedEnvironment, driver: driver, indent: indent + "    ", depth: depth + 1)
        if let failure = results.first(where: { $0.status == .failed }) {
            throw NestedFlowFailure(file: path, step: failure.number, report: failure.report ?? "")
        }
        return nil
    }
}
