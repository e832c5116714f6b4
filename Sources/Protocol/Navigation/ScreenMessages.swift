/// `screen/rows`: a window of a screen's rows (`screen` defaults to the top screen).
public struct RowsRequest: RPCRequestType, Equatable {
    public static let method = "screen/rows"
    public var screen: String?
    public var section: String?
    public var offset: Int?
    public var limit: Int?

    public init(screen: String? = nil, section: String? = nil, offset: Int? = nil, limit: Int? = nil) {
        self.screen = screen
        self.section = section
        self.offset = offset
        self.limit = limit
    }

    public static let defaultLimit = 50
    public static let maxLimit = 1000

    public struct Response: Codable, Sendable, Equatable {
        public var screen: String?
        public var revision: Int
        public var sections: [SectionInfo]
        public var rows: [Row]

        public init(screen: String?, revision: Int, sections: [SectionInfo], rows: [Row]) {
            self.screen = screen
            self.revision = revision
            self.sections = sections
            self.rows = rows
        }
    }
}

/// `screen/query`: sets a screen's query text (search as the user types) and reloads it.
public struct QueryRequest: RPCRequestType, Equatable {
    public static let method = "screen/query"
    public var screen: String?
    public var text: String

    public init(screen: String? = nil, text: String) {
        self.screen = screen
        self.text = text
    }

    public typealias Response = ScreenState
}

/// A screen's list shape at a revision: the answer to `screen/query` and `worker/open`.
public struct ScreenState: Codable, Sendable, Equatable {
    public var screen: String?
    public var title: String?
    public var revision: Int
    public var sections: [SectionInfo]

    public init(screen: String? = nil, title: String? = nil, revision: Int, sections: [SectionInfo]) {
        self.screen = screen
        self.title = title
        self.revision = revision
        self.sections = sections
    }
}

/// `screen/select`: selects a row by its stable id; the screen decides what that does.
public struct SelectRequest: RPCRequestType, Equatable {
    public static let method = "screen/select"
    public var screen: String?
    public var rowId: String

    public init(screen: String? = nil, rowId: String) {
        self.screen = screen
        self.rowId = rowId
    }

    public struct Response: Codable, Sendable, Equatable {
        /// The screen the row was selected on.
        public var screen: String?
        public var action: SelectionOutcome
        /// The screen pushed, for `push`.
        public var pushed: Screen?
        /// The URL to open, for `openURL`.
        public var url: String?
        /// The stack after the selection.
        public var stack: [Screen]?

        public init(screen: String? = nil, action: SelectionOutcome, pushed: Screen? = nil, url: String? = nil, stack: [Screen]? = nil) {
            self.screen = screen
            self.action = action
            self.pushed = pushed
            self.url = url
            self.stack = stack
        }
    }
}

public enum SelectionOutcome: String, Codable, Sendable {
    case push, pop, openURL, none
}

/// `screen/didUpdate` (host -> client): a screen's data changed; read its rows again.
public struct DidUpdateNotification: RPCNotificationType, Equatable {
    public static let method = "screen/didUpdate"
    public var screen: String
    public var revision: Int
    public var sections: [SectionInfo]

    public init(screen: String, revision: Int, sections: [SectionInfo]) {
        self.screen = screen
        self.revision = revision
        self.sections = sections
    }
}

/// `screen/didExit` (host -> client): a screen's worker ended without being popped.
public struct DidExitNotification: RPCNotificationType, Equatable {
    public static let method = "screen/didExit"
    public var screen: String
    public var kind: ScreenKind
    /// "exited with code 3", "killed by signal 9 (SIGKILL)".
    public var status: String
    /// The worker's last lines on stderr, newest last.
    public var stderrTail: [String]

    public init(screen: String, kind: ScreenKind, status: String, stderrTail: [String]) {
        self.screen = screen
        self.kind = kind
        self.status = status
        self.stderrTail = stderrTail
    }
}
