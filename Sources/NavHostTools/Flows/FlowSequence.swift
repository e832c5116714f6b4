import Foundation
import NavProtocol

/// Runs a list of steps on one host, expanding `runFlow`, `repeat` and `retry` blocks into
/// nested, indented lists; the first failing step (not optional) skips the rest of its list.
struct FlowSequence {
    let runner: FlowRunner
    let driver: FlowDriver
    static let maximumNesting = 10

    func run(_ steps: [FlowStep], file: String, environment: [String: String], indent: String, depth: Int) -> [StepResult] {
        var results: [StepResult] = []
        var failed = false
        for (index, step) in steps.enumerated() {
            var result = StepResult(number: index + 1, title: step.title, location: step.location, status: .skipped, seconds: 0)
            guard !failed else {
                results.append(result)
                runner.write(indent + FlowReport.progress(result, of: steps.count))
                continue
            }
            let start = ContinuousClock.now
            do {
                let note = try perform(step, file: file, environment: environment, indent: indent, depth: depth)
                result.status = .passed
                result.seconds = secondsSince(start)
                runner.write(indent + FlowReport.progress(result, of: steps.count, note: note))
            } catch {
                result.status = step.isOptional ? .optionalFailed : .failed
                result.seconds = secondsSince(start)
                result.report = FlowReport.failure(error, step: step, driver: driver)
                if let nested = error as? NestedFlowFailure { result.report = nested.report }
                failed = !step.isOptional
                runner.write(indent + FlowReport.progress(result, of: steps.count))
                if !(error is NestedFlowFailure) {
                    runner.write(result.report?.split(separator: "\n", omittingEmptySubsequences: false).map { indent + $0 }.joined(separator: "\n") ?? "")
                }
            }
            results.append(result)
        }
        return results
    }

    /// Runs one step; returns a note for its progress line.
    private func perform(_ step: FlowStep, file: String, environment: [String: String], indent: String, depth: Int) throws -> String? {
        let directory = (file as NSString).deletingLastPathComponent
        let context = BlockContext(file: file, environment: environment, indent: indent, depth: depth, location: step.location)
        switch step.action {
        case .runFlow(let block):
            guard try holds(block.condition) else { return skippedNote(block) }
            try runBlock(block, context)
            return nil
        case .repeatBlock(let block, let times, let whileCondition):
            guard try holds(block.condition) else { return skippedNote(block) }
            var rounds = 0
            while times.map({ rounds < $0 }) ?? true, try holds(whileCondition) {
                if times == nil, rounds == FlowBlock.maximumRounds, let whileCondition {
                    let (top, depth) = try driver.topScreen()
                    throw FlowFailure(
                        expectation: "\(whileCondition) to stop holding within \(FlowBlock.maximumRounds) rounds (add times: N to bound it)",
                        found: "it still holds", screen: top, depth: depth, mark: .title)
                }
                rounds += 1
                runner.write("\(indent)  ↻ round \(rounds)\(times.map { " of \($0)" } ?? "")")
                try runBlock(block, context)
            }
            return "\(rounds) round\(rounds == 1 ? "" : "s")"
        case .retry(let block, let maxRetries):
            guard try holds(block.condition) else { return skippedNote(block) }
            for attempt in 0...maxRetries {
                do {
                    try runBlock(block, context)
                    return attempt == 0 ? nil : "passed on attempt \(attempt + 1) of \(maxRetries + 1)"
                } catch is NestedFlowFailure where attempt < maxRetries {
                    runner.write("\(indent)  ↻ retrying (attempt \(attempt + 2) of \(maxRetries + 1))")
                }
            }
            return nil
        default:
            let snapshots = SnapshotFiles(flowDirectory: directory.isEmpty ? "." : directory, update: runner.options.updateSnapshots)
            return try FlowStepExecutor(driver: driver, snapshots: snapshots).run(step.action)
        }
    }

    private func skippedNote(_ block: FlowBlock) -> String {
        "skipped: the condition does not hold (\(block.condition?.description ?? ""))"
    }

    private struct BlockContext {
        var file: String
        var environment: [String: String]
        var indent: String
        var depth: Int
        var location: String
    }

    /// Whether a `when` or `while` condition holds on the top screen once the host is idle.
    private func holds(_ condition: FlowCondition?) throws -> Bool {
        guard let condition else { return true }
        try driver.settle()
        return condition.holds(on: try driver.topScreen().screen.rows)
    }

    /// Runs a block's steps nested under the step; throws `NestedFlowFailure` when one fails.
    private func runBlock(_ block: FlowBlock, _ context: BlockContext) throws {
        guard context.depth < FlowSequence.maximumNesting else {
            throw FlowSyntaxError(description: "\(context.location): blocks nest more than \(FlowSequence.maximumNesting) deep; does a flow run itself?")
        }
        let steps: [FlowStep], file: String, environment: [String: String]
        switch block.steps {
        case .file(let nestedFile, let variables):
            let directory = (context.file as NSString).deletingLastPathComponent
            file = nestedFile.hasPrefix("/") || directory.isEmpty ? nestedFile : directory + "/" + nestedFile
            environment = context.environment.merging(variables) { _, new in new }
            steps = try runner.load(file, environment: environment).steps
            runner.write("\(context.indent)  ↳ \(file)")
        case .commands(let commands):
            (steps, file, environment) = (commands, context.file, context.environment)
        }
        let results = run(steps, file: file, environment: environment, indent: context.indent + "    ", depth: context.depth + 1)
        if let failure = results.first(where: { $0.status == .failed }) {
            throw NestedFlowFailure(file: file, step: failure.number, report: failure.report ?? "")
        }
    }
}
