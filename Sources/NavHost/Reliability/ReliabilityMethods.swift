import NavProtocol
import UVKit

/// The methods of docs/reliability.md: `screen/reload`, `nav/setStack`, `host/processes`, and
/// the debug/* fault injection when navhost runs with --enable-debug-methods (otherwise they
/// stay unregistered and answer -32601 like any unknown method).
enum ReliabilityMethods {
    static func register(
        in session: ClientSession, configuration: HostConfiguration, navigator: Navigator, screens: ScreenMethods, spawner: WorkerSpawner,
        loop: UVLoop
    ) {
        session.on(ReloadRequest.self, screens.reload)
        let restoration = StackRestoration(navigator: navigator, spawner: spawner, awakeScreens: configuration.settings.awakeScreens)
        session.on(SetStackRequest.self) { params, responder, done in
            restoration.setStack(params.screens) {
                responder.reply(encoded: $0)
                done()
            }
        }
        let audit = ProcessAudit(navigator: navigator, loop: loop)
        session.on(ProcessesRequest.self) { _, responder, done in
            responder.succeed(encoding: audit.report())
            done()
        }
        guard configuration.settings.enableDebugMethods else { return }
        session.on(DebugCrashRequest.self) { params, responder, done in
            screens.debug(DebugCrashRequest.method, screen: params.screen, params: [:], responder, done)
        }
        session.on(DebugHangRequest.self) { params, responder, done in
            screens.debug(DebugHangRequest.method, screen: params.screen, params: [:], responder, done)
        }
        session.on(DebugDelayRequest.self) { params, responder, done in
            screens.debug(DebugDelayRequest.method, screen: params.screen, params: ["ms": .int(params.ms)], responder, done)
        }
        session.on(DebugMisbehaveRequest.self) { params, responder, done in
            var fields: [String: JSONValue] = ["output": .string(params.output.rawValue)]
            if let bytes = params.bytes { fields["bytes"] = .int(bytes) }
            screens.debug(DebugMisbehaveRequest.method, screen: params.screen, params: .object(fields), responder, done)
        }
    }
}
