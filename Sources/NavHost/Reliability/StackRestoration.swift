import NavProtocol

/// `nav/setStack`: opens the screens of a saved stack that will be awake (the top
/// `--awake-screens`, each from its token), creates the deeper ones hibernating (their token
/// only, woken when needed), then swaps the result in for the current stack at once; if one
/// fails to open, the ones opened are stopped and the stack stays as it was. A stack deeper
/// than `--max-stack-depth`, or with a screen whose kind or params the catalog refuses, is
/// refused before anything is spawned.
struct StackRestoration {
    let navigator: Navigator
    let spawner: WorkerSpawner
    let awakeScreens: Int

    func setStack(_ screens: [SavedScreen], reply: @escaping (Result<StackRequest.Response, RPCError>) -> Void) {
        guard !screens.isEmpty else { return reply(.failure(.invalidParams("invalid params: field 'screens' must hold at least the root screen"))) }
        if let error = navigator.depthError(adding: screens.count, below: 0) { return reply(.failure(error)) }
        // Every screen, hibernating ones too: a kind or params refused now, not when it wakes.
        for (index, saved) in screens.enumerated() {
            if var error = spawner.openingError(kind: saved.kind, params: saved.params) {
                error.message = "screens[\(index)]: \(error.message); the stack is unchanged"
                return reply(.failure(error))
            }
        }
        let firstAwake = awakeScreens > 0 ? max(0, screens.count - awakeScreens) : 0
        let hibernating = screens[..<firstAwake].map { saved -> ScreenEntry in
            let entry = ScreenEntry(screen: Screen(id: spawner.newScreenId(), kind: saved.kind, title: saved.title ?? saved.kind.rawValue, params: saved.params ?? .object([:])), worker: nil)
            entry.token = saved.token ?? RestorationToken()
            entry.isHibernating = true
            return entry
        }
        open(screens[firstAwake...], opened: hibernating) { result in
            switch result {
            case .success(let entries):
                navigator.replaceStack(with: entries)
                reply(.success(StackRequest.Response(stack: navigator.stack)))
            case .failure(let error):
                reply(.failure(error))
            }
        }
    }

    /// Opens one screen after the other, in order, so screen ids grow from the root up.
    private func open(_ remaining: ArraySlice<SavedScreen>, opened: [ScreenEntry], completion: @escaping (Result<[ScreenEntry], RPCError>) -> Void) {
        guard let next = remaining.first else { return completion(.success(opened)) }
        spawner.open(kind: next.kind, params: next.params, token: next.token) { result in
            switch result {
            case .success(let screen):
                open(remaining.dropFirst(), opened: opened + [screen.entry], completion: completion)
            case .failure(var error):
                spawner.stop(opened)
                let index = remaining.startIndex
                error.message = "could not open screens[\(index)] (\(next.kind.rawValue)): \(error.message); the stack is unchanged"
                completion(.failure(error))
            }
        }
    }
}
