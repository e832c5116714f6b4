import NavProtocol
import Transport

/// Answers `nav/open`: pops to the root, searches the root for the path's login, then pushes
/// the screens the path names, in order, holding the request queue until the stack is built.
/// If a screen cannot open (an unknown login or repository), the stack stays as far as it got
/// and the error says where it stopped.
struct DeepLinkOpener {
    let host: Host

    func open(_ params: OpenRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        let path: NavigationPath
        do throws(RPCError) {
            path = try NavigationPath(parsing: params.path)
        } catch {
            responder.fail(error)
            return done()
        }
        let navigator = host.navigator
        guard let root = navigator.entries.first, root.screen.kind == .users else {
            let kind = navigator.entries.first?.screen.kind.rawValue ?? "missing"
            responder.fail(.invalidNavigation("nav/open needs a users root screen; this host's root is \(kind) (see --root)"))
            return done()
        }
        navigator.popToRoot { _ in }
        search(root, for: path.login ?? "") { searched in
            if let error = searched {
                responder.fail(stopped(params.path, at: root.screen.kind, error))
                return done()
            }
            push(path.screensAboveRoot[...]) { kind, error in
                if let kind, let error {
                    responder.fail(stopped(params.path, at: kind, error))
                } else {
                    responder.succeed(encoding: OpenRequest.Response(stack: navigator.stack))
                }
                done()
            }
        }
    }

    /// Sets the root's query as a user would have typed it on the way to the linked screen.
    private func search(_ root: ScreenEntry, for text: String, completion: @escaping (RPCError?) -> Void) {
        guard root.worker.isRunning else { return completion(root.worker.failure("the root screen is not running")) }
        _ = root.worker.request(WorkerMethod.query, params: ["text": .string(text)], timeoutMilliseconds: host.configuration.requestTimeoutMilliseconds) { result in
            if case .failure(let error) = result { return completion(error) }
            completion(nil)
        }
    }

    private func push(_ screens: ArraySlice<(kind: ScreenKind, params: JSONValue)>, completion: @escaping (ScreenKind?, RPCError?) -> Void) {
        guard let next = screens.first else { return completion(nil, nil) }
        host.navigator.push(kind: next.kind, params: next.params, reason: .push) { result in
            switch result {
            case .success: push(screens.dropFirst(), completion: completion)
            case .failure(let error): completion(next.kind, error)
            }
        }
    }

    private func stopped(_ path: String, at kind: ScreenKind, _ error: RPCError) -> RPCError {
        var data: [String: JSONValue] = ["path": .string(path), "stack": .array(host.navigator.stack.map { .string($0.id) })]
        if let cause = error.data { data["cause"] = cause }
        return RPCError(code: error.code, message: "nav/open '\(path)' stopped at the \(kind.rawValue) screen: \(error.message)", data: .object(data))
    }
}
