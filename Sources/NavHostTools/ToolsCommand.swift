import ArgumentParser

/// The client-side commands of navhost (`navhost demo`, `navhost run`, `navhost replay`, `navhost show`,
/// `navhost perform`).
/// They live in their own binary, which navhost hands these commands to, so that the host
/// process itself does not load what they need (Yams and Foundation for the flows).
@main
struct ToolsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navhost",
        abstract: "navhost's client-side commands: a demo, flows, replays and deep links shown, each against a host of its own.",
        subcommands: [Demo.self, Run.self, Replay.self, Show.self, Perform.self]
    )
}
