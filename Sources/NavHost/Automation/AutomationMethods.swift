import NavProtocol

/// The methods for scripts and end-to-end tests: `nav/waitIdle`, `screen/render`, `nav/open`.
enum AutomationMethods {
    static func register(in session: ClientSession, idle: IdleMonitor, navigator: Navigator, queue: RequestQueue, gateway: ScreenGateway) {
        // Waiting must not hold the queue: what it waits for runs behind it.
        session.on(WaitIdleRequest.self) { params, responder, done in
            idle.wait(params, responder)
            done()
        }
        let renderer = ScreenRenderer(navigator: navigator, gateway: gateway)
        session.on(RenderRequest.self) { params, responder, done in
            renderer.render(params, responder)
            done()
        }
        let opener = DeepLinkOpener(navigator: navigator, gateway: gateway)
        session.on(OpenRequest.self) { params, responder, done in opener.open(params, responder, done) }
    }
}
