import NavProtocol

/// The methods of docs/reliability.md: `screen/reload`, `nav/setStack`, `host/processes`, and
/// the debug/* fault injection when navhost runs with --enable-debug-methods (otherwise they
/// stay unregistered and answer -32601 like any unknown method).
enum ReliabilityMethods {
    static func register(in session: ClientSession, host: Host, router: ScreenRouter) {
        session.on(ReloadRequest.self) { params, responder, done in router.reload(params, responder, done) }
        session.on(SetStackRequest.self) { [unowned host] params, responder, done in
            StackRestoration(host: host).setStack(params.screens) {
                responder.reply(encoded: $0)
                done()
            }
        }
        session.on(ProcessesRequest.self) { [unowned host] _, responder, done in
            responder.succeed(encoding: ProcessAudit(host: host).report())
            done()
        }
        guard host.configuration.enablesDebugMethods else { return }
        session.on(DebugCrashRequest.self) { params, responder, done in
            router.debug(DebugCrashRequest.method, screen: params.screen, params: nil, responder, done)
        }
        session.on(DebugHangRequest.self) { params, responder, done in
            router.debug(DebugHangRequest.method, screen: params.screen, params: nil, responder, done)
        }
        session.on(DebugDelayRequest.self) { params, responder, done in
            router.debug(DebugDelayRequest.method, screen: params.screen, params: ["ms": .int(params.ms)], responder, done)
        }
        session.on(DebugMisbehaveRequest.self) { params, responder, done in
            var fields: [String: JSONValue] = ["output": .string(params.output.rawValue)]
            if let bytes = params.bytes { fields["bytes"] = .int(bytes) }
            router.debug(DebugMisbehaveRequest.method, screen: params.screen, params: .object(fields), responder, done)
        }
    }
}
