import HostOptions
import NavClient
import Transport
import ArgumentParser

/// `navhost replay FILE`: plays a recorded session's client side against a fresh host and
/// reports every reply or notification that differs; exits 1 if any does.
struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a session recorded with --record against a fresh host; exit 1 if the host answers differently.")

    @Argument(help: "A recording written by `navhost --record FILE`.")
    var recording: String

    @Option(help: "Seconds to wait for each host message the recording says comes next.")
    var timeout: Double = 10

    func run() throws {
        let session = try SessionRecording.load(recording)
        let player = ReplayPlayer(recording: session, navhost: BuildProducts.directory + "/navhost", timeout: timeout)
        let outcome = try player.play()
        let recorded = session.entries.filter { $0.direction == .toClient }.compactMap(\.message)
        let comparison = ReplayComparison(recorded: recorded, replayed: outcome.received.messages)
        let sent = session.entries.filter { $0.direction == .toHost }.count
        StandardOutput.writeLine("replayed \(sent) client messages from \(recording) against navhost \(session.arguments.joined(separator: " "))")
        StandardOutput.writeLine("compared \(comparison.comparedReplies) replies and \(comparison.comparedNotifications) notifications")
        let ignoredFields = ReplayComparison.ignoredFields.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
        let ignoredNotifications = ReplayComparison.ignoredNotifications.sorted { $0.key < $1.key }.map { "\($0.key) (\($0.value))" }
        StandardOutput.writeLine("not compared: fields \(ignoredFields.joined(separator: ", ")); notifications \(ignoredNotifications.joined(separator: ", "))")
        for note in outcome.notes { StandardOutput.writeLine("note: \(note)") }
        guard comparison.differences.isEmpty else {
            StandardOutput.writeLine("differences (\(comparison.differences.count)):")
            for difference in comparison.differences { StandardOutput.writeLine("  \(difference)") }
            throw ExitCode(1)
        }
        StandardOutput.writeLine("no differences")
    }
}
