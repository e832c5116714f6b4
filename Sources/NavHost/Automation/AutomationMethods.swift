import NavProtocol

/// The methods for scripts and end-to-end tests: `nav/waitIdle`, `screen/render`, `nav/open`.
enum AutomationMethods {
    static func register(in session: ClientSession, host: Host) {
        let monitor = IdleMonitor(host: host)
        // Waiting must not hold the queue: what it waits for runs behind it.
        session.on(WaitIdleRequest.self) { params, responder, done in
            monitor.wait(params, responder)
            done()
        }
        session.on(RenderRequest.self) { [unowned host] params, responder, done in
            ScreenRenderer(host: host).render(params, responder)
            done()
        }
        session.on(OpenRequest.self) { [unowned host] params, responder, done in
            DeepLinkOpener(host: host).open(params, responder, done)
        }
    }
}
