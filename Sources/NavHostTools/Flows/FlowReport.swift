import Foundation
import NavClient
import NavProtocol

/// The text a failing step prints: the expectation, what was found, and the screen rendered
/// with the first mismatch marked.
enum FlowReport {
    static func failure(_ error: any Error, step: FlowStep, driver: FlowDriver?) -> String {
        var lines: [String]
        switch error {
        case let failure as FlowFailure:
            lines = ["expected: \(failure.expectation)", "found:    \(failure.found)"] + failure.details.map { "  " + $0 }
            if let screen = failure.screen {
                lines += ["screen:"] + indent(ScreenText.render(screen, depth: failure.depth, marking: failure.mark))
            }
        case let nested as NestedFlowFailure:
            lines = ["expected: every step of the block (\(nested.file)) to pass", "found:    its step \(nested.step) failed (above)"]
        case let syntax as FlowSyntaxError:
            lines = ["error: \(syntax.description)"]
        default:
            lines = ["expected: \(step.action.summary) to succeed", "found:    \(error)"] + currentScreen(driver)
        }
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }

    /// The top screen as it is now, for failures that are not about a row (a refused request).
    private static func currentScreen(_ driver: FlowDriver?) -> [String] {
        guard let driver, let (screen, depth) = try? driver.topScreen() else { return [] }
        return ["screen:"] + indent(ScreenText.render(screen, depth: depth))
    }

    private static func indent(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
    }

    static func progress(_ result: StepResult, of total: Int, note: String? = nil) -> String {
        let position = "\(result.number)/\(total)"
        let time = String(format: "%.2f", result.seconds)
        switch result.status {
        case .passed: return "✓ \(position) \(result.title)\(note.map { " — \($0)" } ?? "")  (\(time) s)"
        case .failed: return "✗ \(position) \(result.title)  (\(result.location))"
        case .optionalFailed: return "⚠ \(position) \(result.title)  (optional, failed; going on)"
        case .skipped: return "– \(position) \(result.title)  (skipped)"
        }
    }

    /// The failed flows, then one line: how many passed, failed and were skipped, and the time.
    static func summary(_ results: [FlowResult]) -> String {
        let ran = results.filter { !$0.skippedByTags }
        let failed = ran.filter { !$0.passed }
        let skipped = results.count - ran.count
        var lines = failed.map { "  failed: \($0.file)\($0.failedStep.map { " at step \($0.number) \($0.title) (\($0.location))" } ?? "")" }
        var counts = ["\(ran.count - failed.count) of \(ran.count) passed"]
        if !failed.isEmpty { counts.append("\(failed.count) failed") }
        if skipped > 0 { counts.append("\(skipped) skipped by tags") }
        let seconds = String(format: "%.2f", results.reduce(0) { $0 + $1.seconds })
        lines.append("Flows: \(counts.joined(separator: ", ")) (\(seconds) s)")
        return lines.joined(separator: "\n")
    }
}

/// A `runFlow` step whose flow failed; that flow's report is already printed.
struct NestedFlowFailure: Error {
    let file: String
    let step: Int
    let report: String
}
