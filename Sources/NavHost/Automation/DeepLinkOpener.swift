import NavProtocol
import Transport

/// Answers `nav/open`: pops to the root, searches the root for the path's login, then pushes
/// the screens the path names, in order, holding the request queue until the stack is built.
/// If a screen cannot open (an unknown login or repository), the stack stays as far as it got
/// and the error says where it stopped.
struct DeepLinkOpener {
    let navigator: Navigator
    let gateway: ScreenGateway

    func open(_ params: OpenRequest, _ responder: RPCResponder, _ done: @escaping () -> Void) {
        let path: NavigationPath
        do throws(RPCError) {
            path = try NavigationPath(parsing: params.path)
        } catch {
            responder.fail(error)
            return done()
        }
        guard let root = navigator.entries.first, root.screen.kind == NavigationPath.rootKind else {
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

    /// Sets the root's query as a user would have typed it on the way to the linked screen,
    /// through the gateway (a hibernating root wakes first).
    private func search(_ root: ScreenEntry, for text: String, completion: @escaping (RPCError?) -> Void) {
        gateway.send(WorkerQueryRequest(text: text), to: root.screen.id) { result in
            if case .failure(let error) = result { return completion(error) }
            completion(nil)
        }
    }

    private func push(_ screens: ArraySlice<(kind: ScreenKind, params: JSONValue)>, completion: @escaping (ScreenKind?, RPCError?) -> Void) {
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
