import Foundation

/// JUnit XML for CI systems: one test suite per flow file, one test case per step.
enum JUnitReport {
    static func xml(_ results: [FlowResult]) -> String {
        let steps = results.flatMap(\.steps)
        let failures = results.filter { $0.setupError != nil }.count + steps.filter { $0.status == .failed }.count
        let skipped = steps.filter { $0.status == .skipped || $0.status == .optionalFailed }.count
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="navhost flows" tests="\#(max(steps.count, results.count))" failures="\#(failures)" skipped="\#(skipped)" time="\#(seconds(results.reduce(0) { $0 + $1.seconds }))">"#,
        ]
        for result in results {
            let suiteFailures = (result.setupError == nil ? 0 : 1) + result.steps.filter { $0.status == .failed }.count
            lines.append(#"  <testsuite name="\#(escape(result.name))" file="\#(escape(result.file))" tests="\#(max(result.steps.count, 1))" failures="\#(suiteFailures)" time="\#(seconds(result.seconds))">"#)
            if let setupError = result.setupError {
                lines.append(#"    <testcase classname="\#(escape(result.name))" name="load and start" time="0">"#)
                lines.append(#"      <failure message="\#(escape(setupError))">\#(escape(setupError))</failure>"#)
                lines.append("    </testcase>")
            }
            for step in result.steps {
                let open = #"    <testcase classname="\#(escape(result.name))" name="\#(escape("\(step.number) \(step.title)"))" file="\#(escape(step.location))" time="\#(seconds(step.seconds))""#
                switch step.status {
                case .passed:
                    lines.append(open + "/>")
                case .failed:
                    lines += [open + ">", #"      <failure message="\#(escape(step.title)) failed">\#(escape(step.report ?? ""))</failure>"#, "    </testcase>"]
                case .optionalFailed:
                    lines += [open + ">", #"      <skipped message="optional step failed">\#(escape(step.report ?? ""))</skipped>"#, "    </testcase>"]
                case .skipped:
                    lines += [open + ">", #"      <skipped message="an earlier step failed"/>"#, "    </testcase>"]
                }
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
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
