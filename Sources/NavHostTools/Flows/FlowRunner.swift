import Foundation
import NavProtocol

/// What `navhost run` was asked for.
struct FlowRunOptions {
    var navhost: String
    var hostArguments: [String]
    var stepTimeout: Double
    var updateSnapshots: Bool
    var environment: [String: String]
    var tags = TagFilter()
    /// Keep each flow's session here (`navhost --record`), for `navhost replay`.
    var recordDirectory: String?
}

/// Runs flow files, each against a fresh host, printing progress per step; a failing step
/// prints its report and skips the rest of its flow.
final class FlowRunner {
    let options: FlowRunOptions
    private let print: (String) -> Void
    /// The lines of the flow running now, for its result.
    private var transcript: [String] = []
    private var recordingNames: Set<String> = []

    init(options: FlowRunOptions, write: @escaping (String) -> Void) {
        self.options = options
        self.print = write
    }

    func write(_ line: String) {
        print(line)
        transcript.append(line)
    }

    func run(_ files: [String]) -> [FlowResult] {
        files.map(run(file:))
    }

    private func run(file: String) -> FlowResult {
        transcript = []
        let start = ContinuousClock.now
        var result = FlowResult(file: file, name: FlowResult.defaultName(of: file))
        do {
            let document = try load(file, environment: options.environment)
            result.name = document.header.name ?? result.name
            result.tags = document.header.tags
            guard options.tags.accepts(document.header.tags) else {
                result.skippedByTags = true
                print("– \(file) skipped (tags: \(document.header.tags.isEmpty ? "none" : document.header.tags.joined(separator: ", ")))")
                return result
            }
            write("▶ \(file)\(document.header.name.map { " (\($0))" } ?? "")")
            var arguments = options.hostArguments + document.header.hostArguments
            if let directory = options.recordDirectory {
                let recording = try recordingPath(for: FlowResult.defaultName(of: file), in: directory)
                arguments += ["--record", recording]
                result.recording = recording
            }
            // A flow's writes (its perform steps) go to a local state of its own, made for it and
            // removed after, unless --state names one: they never reach the user's own or another flow's.
            let state = arguments.contains("--state") ? nil : try FlowState()
            defer { state?.remove() }
            if let state { arguments += ["--state", state.path] }
            let driver = try FlowDriver(navhost: options.navhost, hostArguments: arguments, stepTimeout: options.stepTimeout)
            let sequence = FlowSequence(runner: self, driver: driver)
            result.steps = sequence.run(document.steps, file: file, environment: options.environment, indent: "  ", depth: 0)
            driver.finish()
        } catch {
            if transcript.isEmpty { write("▶ \(file)") }
            result.setupError = "\(error)"
            write("  ✗ \(error)")
        }
        result.seconds = secondsSince(start)
        if let recording = result.recording { write("  recorded to \(recording)") }
        write("\(result.passed ? "✓" : "✗") \(file) \(result.passed ? "passed" : "failed") (\(String(format: "%.2f", result.seconds)) s)\n")
        result.output = transcript
        return result
    }

    /// A flow file with the header's `env` as defaults under `environment`.
    func load(_ file: String, environment: [String: String]) throws -> FlowDocument {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
            throw FlowSyntaxError(description: "\(file): cannot read the file")
        }
        return try FlowParser.parse(text, file: file, environment: environment)
    }

    /// `DIR/NAME.jsonl`, made unique within the run, with the folder created.
    private func recordingPath(for name: String, in directory: String) throws -> String {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let base = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "-" })
        var candidate = base
        var number = 2
        while recordingNames.contains(candidate) {
            candidate = "\(base)-\(number)"
            number += 1
        }
        recordingNames.insert(candidate)
        return directory + "/" + candidate + ".jsonl"
    }
}

/// A flow's own local state database, in a directory made for it.
struct FlowState {
    let directory: String
    var path: String { directory + "/local-state.sqlite" }

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/navshell-flow.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw FlowSyntaxError(description: "cannot make a directory for the flow's local state") }
        directory = String(cString: made)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// `--include-tags` / `--exclude-tags`: a flow runs when it has one of the included tags (or
/// none were given) and none of the excluded ones.
struct TagFilter {
    var include: Set<String> = []
    var exclude: Set<String> = []

    func accepts(_ tags: [String]) -> Bool {
        (include.isEmpty || !include.isDisjoint(with: tags)) && exclude.isDisjoint(with: tags)
    }
}
