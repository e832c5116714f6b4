import Foundation

/// JUnit XML for CI systems: one test case per flow (flows skipped by tags are left out), the
/// failing step and its report in `<failure>`, every progress line in `<system-out>`.
enum JUnitReport {
    static func xml(_ results: [FlowResult]) -> String {
        let ran = results.filter { !$0.skippedByTags }
        let failures = ran.filter { !$0.passed }.count
        let time = seconds(ran.reduce(0) { $0 + $1.seconds })
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="navhost flows" tests="\#(ran.count)" failures="\#(failures)" time="\#(time)">"#,
            #"  <testsuite name="navhost run" tests="\#(ran.count)" failures="\#(failures)" time="\#(time)">"#,
        ]
        for result in ran {
            lines.append(#"    <testcase classname="flows" name="\#(escape(result.name))" file="\#(escape(result.file))" time="\#(seconds(result.seconds))">"#)
            if let setupError = result.setupError {
                lines.append(#"      <failure message="\#(escape(setupError))">\#(escape(setupError))</failure>"#)
            } else if let step = result.failedStep {
                let message = "step \(step.number) \(step.title) failed (\(step.location))"
                lines.append(#"      <failure message="\#(escape(message))">\#(escape(message + "\n" + (step.report ?? "")))</failure>"#)
            }
            lines.append("      <system-out>\(escape(result.output.joined(separator: "\n")))</system-out>")
            lines.append("    </testcase>")
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes the report, creating its folder when missing.
    static func write(_ results: [FlowResult], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try xml(results).write(toFile: path, atomically: true, encoding: .utf8)
    }

    private static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }

    private static func escape(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
