import NavProtocol

extension MessageFramer {
    /// Takes every event currently available.
    mutating func drain() -> [FramerEvent] {
        var events: [FramerEvent] = []
        while let event = nextEvent() { events.append(event) }
        return events
    }
}

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// Parses `text`, returning the error the parser threw (nil when it succeeded).
func parseFailure(_ text: String) -> JSONParseError? {
    parseFailure(bytes(text))
}

func parseFailure(_ input: [UInt8]) -> JSONParseError? {
    do {
        _ = try JSONValue(parsing: input)
        return nil
    } catch {
        return error
    }
}
