import NavProtocol

/// Keeps the screen's restoration token and tells the host each time it changes.
final class RestorationTracker {
    private(set) var token = RestorationToken()
    private let send: (RestorationToken) -> Void

    init(send: @escaping (RestorationToken) -> Void) {
        self.send = send
    }

    /// The token a restarted screen starts from; the host already has it.
    func restore(_ token: RestorationToken) {
        self.token = token
    }

    func queried(_ text: String) { update { $0.query = text } }

    func read(section: String?, offset: Int, limit: Int) {
        update { $0.window = RestorationToken.Window(section: section, offset: offset, limit: limit) }
    }

    func selected(_ rowId: String) { update { $0.selection = rowId } }

    func revised(_ revision: Int) { update { $0.revision = revision } }

    private func update(_ change: (inout RestorationToken) -> Void) {
        var next = token
        change(&next)
        guard next != token else { return }
        token = next
        send(next)
    }
}
