import NavProtocol
import Transport

/// Answers `nav/open`. The path's grammar is the app's, not the host's: the root screen's worker
/// resolves it (`worker/resolvePath`) into the root kind it starts from, the query to type there
/// and the screens above it. Then the opener pops to the root, sets the root's query as a user
/// would have typed it on the way, and pushes the screens in order, holding the request queue
/// until the stack is built. A path the worker refuses changes nothing; if a screen cannot open
/// (an unknown login or repository), the stack stays as far as it got and the error says where
/// it stopped.
struct DeepLinkOpener {
    let navigator: Navigator
    let gateway: ScreenGateway

    /// Longer than any path the app's grammar allows; a path is a string from the client.
    static let maxPathLength = 1024

    func open(_ params: OpenRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        guard params.path.utf8.count <= Self.maxPathLength else {
            responder.fail(.invalidParams("invalid params: field 'path' is longer than \(Self.maxPathLength) bytes"))
            return done()
        }
        guard let root = navigator.entries.first else {
            responder.fail(.invalidNavigation("nav/open needs a root screen"))
            return done()
        }
        gateway.send(WorkerResolvePathRequest(path: params.path), to: root.screen.id, cancelledWith: responder) { result in
            let resolved: ResolvedPath
            switch result.flatMap(Self.decode) {
            case .success(let path):
                resolved = path
            case .failure(let error):
                responder.fail(error.code == RPCErrorCode.methodNotFound
                    ? .invalidNavigation("nav/open: the root screen (\(root.screen.kind.rawValue)) has no deep links")
                    : error)
                return done()
            }
            guard resolved.root == root.screen.kind else {
                responder.fail(.invalidNavigation(
                    "nav/open '\(params.path)' starts at a \(resolved.root.rawValue) screen; this host's root is \(root.screen.kind.rawValue) (see --root)"))
                return done()
            }
            navigator.popToRoot { _ in }
            search(root, for: resolved.query) { searched in
                if let error = searched {
                    responder.fail(stopped(params.path, at: root.screen.kind, error))
                    return done()
                }
                push(resolved.screens[...]) { kind, error in
                    if let kind, let error {
                        responder.fail(stopped(params.path, at: kind, error))
                    } else {
                        responder.succeed(encoding: OpenRequest.Response(stack: navigator.stack))
                    }
                    done()
                }
            }
        }
    }

    private static func decode(_ reached: (entry: ScreenEntry, answer: JSONValue)) -> Result<ResolvedPath, RPCError> {
        guard let resolved = try? JSONValueDecoder().decode(ResolvedPath.self, from: reached.answer) else {
            return .failure(RPCError(code: RPCErrorCode.workerFailed, message: "the root screen's worker resolved the path into something navhost cannot read"))
        }
        return .success(resolved)
    }

    /// Sets the root's query as a user would have typed it on the way to the linked screen,
    /// through the gateway (a hibernating root wakes first).
    private func search(_ root: ScreenEntry, for text: String, completion: @escaping (RPCError?) -> Void) {
        gateway.send(WorkerQueryRequest(text: text), to: root.screen.id) { result in
            if case .failure(let error) = result { return completion(error) }
            completion(nil)
        }
    }

    private func push(_ screens: ArraySlice<ResolvedPath.Screen>, completion: @escaping (ScreenKind?, RPCError?) -> Void) {
        guard let next = screens.first else { return completion(nil, nil) }
        navigator.push(kind: next.kind, params: next.params, reason: .push) { result in
            switch result {
            case .success: push(screens.dropFirst(), completion: completion)
            case .failure(let error): completion(next.kind, error)
            }
        }
    }

    private func stopped(_ path: String, at kind: ScreenKind, _ error: RPCError) -> RPCError {
        var data: [String: JSONValue] = ["path": .string(path), "stack": .array(navigator.stack.map { .string($0.id) })]
        if let cause = error.data { data["cause"] = cause }
        return RPCError(code: error.code, message: "nav/open '\(path)' stopped at the \(kind.rawValue) screen: \(error.message)", data: .object(data))
    }
}
