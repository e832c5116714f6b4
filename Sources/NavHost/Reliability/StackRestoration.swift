import NavProtocol

/// `nav/setStack`: opens every screen of a saved stack (each from its token), then swaps it in
/// for the current stack at once; if one fails to open, the ones opened are stopped and the
/// stack stays as it was.
struct StackRestoration {
    let host: Host

    func setStack(_ screens: [SavedScreen], reply: @escaping (Result<StackRequest.Response, RPCError>) -> Void) {
        guard !screens.isEmpty else { return reply(.failure(.invalidParams("invalid params: field 'screens' must hold at least the root screen"))) }
        open(screens[...], opened: []) { result in
            switch result {
            case .success(let entries):
                host.navigator.replaceStack(with: entries)
                reply(.success(StackRequest.Response(stack: host.navigator.stack)))
            case .failure(let error):
                reply(.failure(error))
            }
        }
    }

    /// Opens one screen after the other, in order, so screen ids grow from the root up.
    private func open(_ remaining: ArraySlice<SavedScreen>, opened: [ScreenEntry], completion: @escaping (Result<[ScreenEntry], RPCError>) -> Void) {
        guard let next = remaining.first else { return completion(.success(opened)) }
        host.spawner.open(kind: next.kind, params: next.params, token: next.token) { result in
            switch result {
            case .success(let entry):
                open(remaining.dropFirst(), opened: opened + [entry], completion: completion)
            case .failure(var error):
                host.spawner.stop(opened)
                let index = remaining.startIndex
                error.message = "could not open screens[\(index)] (\(next.kind.rawValue)): \(error.message); the stack is unchanged"
                completion(.failure(error))
            }
        }
    }
}
