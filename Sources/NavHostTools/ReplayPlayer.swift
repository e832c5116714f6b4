import NavClient
import NavProtocol
import Transport

/// Plays a recording's client side against a fresh host: each client message is sent once
/// the host messages recorded before it have arrived (so requests meet the same state), and
/// everything the host sends is kept for comparison.
struct ReplayPlayer {
    let recording: SessionRecording
    let navhost: String
    /// Seconds to wait for each awaited host message.
    let timeout: Double

    struct Outcome {
        var received = ReceivedMessages()
        /// Why playing stopped early or a wait gave up, if it did.
        var notes: [String] = []
    }

    func play() throws -> Outcome {
        let client = try NavClient(executable: navhost, arguments: ["serve"] + recording.arguments, framing: recording.framing)
        var outcome = Outcome()
        var expected = 0
        var sentExit = false
        for entry in recording.entries {
            switch entry.direction {
            case .toClient:
                if let message = entry.message, ReplayComparison.isCompared(message) { expected += 1 }
            case .toHost:
                receive(client, until: expected, into: &outcome)
                client.sendRaw(recording.framing.frame(replayable(entry).body))
                sentExit = sentExit || entry.message?["method"] == .string(ExitNotification.method)
            case .meta:
                break
            }
        }
        receive(client, until: expected, into: &outcome)
        // The host ends on `exit` or, if the recording has none, when its input ends.
        if !sentExit { client.closeInput() }
        do {
            _ = try client.waitForExit(timeout: timeout)
        } catch {
            outcome.notes.append("the host did not exit within \(timeout) s")
        }
        while let message = try? client.nextMessage(timeout: timeout) { outcome.received.append(message) }
        return outcome
    }

    private func receive(_ client: NavClient, until expected: Int, into outcome: inout Outcome) {
        while outcome.received.comparedCount < expected {
            do {
                outcome.received.append(try client.nextMessage(timeout: timeout))
            } catch {
                outcome.notes.append("stopped waiting for host message \(expected): \(error)")
                return
            }
        }
    }

    /// The recording client's process id would make the fresh host watch a process that is gone.
    private func replayable(_ entry: SessionRecording.Entry) -> SessionRecording.Entry {
        guard case .object(var fields)? = entry.message, fields["method"] == .string(InitializeRequest.method),
            case .object(var params)? = fields["params"]
        else { return entry }
        params["processId"] = nil
        fields["params"] = .object(params)
        var adjusted = entry
        adjusted.message = .object(fields)
        return adjusted
    }
}

/// What the host sent during a replay. The number of compared messages grows with each one,
/// so waiting for the next recorded message is one comparison, not a pass over all so far.
struct ReceivedMessages {
    private(set) var messages: [JSONValue] = []
    private(set) var comparedCount = 0

    mutating func append(_ message: JSONValue) {
        messages.append(message)
        if ReplayComparison.isCompared(message) { comparedCount += 1 }
    }
}
