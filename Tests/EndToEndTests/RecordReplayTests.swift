import Foundation
import NavClient
import Testing

@Suite struct RecordReplayTests {
    /// Records a session that searches, opens, pops and ends cleanly.
    private func record(to path: String, framing: Framing) throws {
        let host = try HostUnderTest(["--record", path], framing: framing)
        try host.initialize()
        _ = try host.client.send(QueryRequest(text: "mojombo"))
        _ = try host.select("user:mojombo")
        try host.client.waitIdle()
        _ = try host.client.render()
        _ = try host.client.open("users/defunkt/repositories/dotjs")
        _ = host.expectError(OpenRequest.method, ["path": "nowhere"])
        _ = try host.client.send(PopToRootRequest())
        #expect(try host.shutdown().exitCode == 0)
    }

    @Test(arguments: [Framing.newlineDelimited, Framing.contentLength])
    func aRecordedSessionReplaysWithoutDifferences(framing: Framing) throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/session.jsonl"
        try record(to: path, framing: framing)
        let lines = try scratch.read("session.jsonl").split(separator: "\n")
        #expect(lines.first?.contains(#""direction":"meta""#) == true)
        #expect(lines.contains { $0.contains(#""direction":"toHost""#) && $0.contains(#""method":"nav/open""#) })
        #expect(lines.contains { $0.contains(#""direction":"toClient""#) && $0.contains(#""method":"nav/didChange""#) })

        let replay = try runCommand(Binaries.navhost, ["replay", path])
        #expect(replay.status.exitCode == 0, "\(replay.output)")
        #expect(replay.output.contains("no differences"))
        #expect(replay.output.contains("not compared: fields pid (process ids), processId"))
    }

    @Test func aTamperedRecordingReportsWhereTheHostNowDiffers() throws {
        let scratch = try ScratchFolder()
        let path = scratch.path + "/session.jsonl"
        try record(to: path, framing: .newlineDelimited)
        let text = try scratch.read("session.jsonl")
        #expect(text.contains(#""title":"mojombo's repositories""#))
        _ = try scratch.write("session.jsonl", text.replacingOccurrences(of: #""title":"mojombo's repositories""#, with: #""title":"someone else's""#))
        let replay = try runCommand(Binaries.navhost, ["replay", path])
        #expect(replay.status.exitCode == 1)
        #expect(replay.output.contains(#".title: recorded "someone else's", replay "mojombo's repositories""#), "\(replay.output)")
        #expect(replay.output.contains("differences (3):"), "the title is in the selection's pushed screen and stack, and in the push's nav/didChange")
    }
}
