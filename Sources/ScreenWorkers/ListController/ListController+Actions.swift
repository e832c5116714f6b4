import NavProtocol

/// Actions on rows (docs/protocol.md, section 11): what rows offer, and performing one. The
/// screen declares each item's actions (`ListScreen.actionTarget(for:row:)`, `ownTarget`); this
/// lists them with the read-only ones, checks the input, asks for confirmation, shows each write
/// as its action previews it (`ListController+Previews`), runs the writes one at a time, reads
/// the screen again so its rows show what the source says, and answers.
extension ListController {
    public func actions(rowIds: [String]) throws(RPCError) -> [Action] {
        offered(by: try targets(rowIds))
    }

    public func perform(_ request: PerformRequest, completion: @escaping (Result<PerformResult, RPCError>) -> Void) {
        let input = request.inputValue
        let prepared: PreparedPerform
        do throws(RPCError) {
            prepared = try prepare(request)
        } catch {
            return completion(.failure(error))
        }
        switch prepared {
        case .answered(let result):
            completion(.success(result))
        case .readOnly(let kind, let targets):
            completion(.success(PerformResult(status: .done, results: targets.map(kind.result), revision: revision)))
        case .write(let actions, let values):
            guard !writes.isFull else {
                return completion(.failure(ActionFailure(.rateLimited, "\(WriteQueue.limit) writes of this screen are already waiting: try again when they are done")
                    .rpcError(action: request.action, input: input)))
            }
            writes.enqueue { [weak self] done in
                self?.run(actions, ActionInput(values), request: request) { result in
                    completion(result)
                    done()
                }
            }
        }
    }

    private enum PreparedPerform {
        case answered(PerformResult)
        case readOnly(ReadOnlyAction, [ActionTarget])
        case write([(target: ActionTarget, action: ItemAction)], [String: JSONValue])
    }

    /// Everything checked before anything is done: the targets, the action, the input, the confirmation.
    private func prepare(_ request: PerformRequest) throws(RPCError) -> PreparedPerform {
        let targets = try targets(request.rowIds ?? [])
        guard !targets.isEmpty, let offered = offered(by: targets).first(where: { $0.id == request.action }) else {
            throw RPCError.unknownAction(request.action, message: "no action '\(request.action)' on \(describe(request.rowIds))")
        }
        if let readOnly = ReadOnlyAction(rawValue: request.action) { return .readOnly(readOnly, targets) }
        let actions: [(target: ActionTarget, action: ItemAction)] = targets.compactMap { target in
            target.actions.first { $0.action.id == request.action }.map { (target: target, action: $0) }
        }
        if let refusal = actions.lazy.compactMap(\.action.refusal).first {
            throw refusal.rpcError(action: request.action, input: request.inputValue)
        }
        var values = request.input ?? [:]
        var missing: [ActionField] = []
        for field in offered.input ?? [] {
            guard let value = values[field.name], !value.isNull else {
                if let fallback = field.default { values[field.name] = fallback } else if field.required == true { missing.append(field) }
                continue
            }
            let blank = field.required == true && value.stringValue?.allSatisfy(\.isWhitespace) == true
            guard field.accepts(value), !blank else {
                let expected = blank ? "more than white space" : field.type == .enum ? "one of \((field.options ?? []).joined(separator: ", "))" : "a \(field.type.rawValue)"
                throw ActionFailure(.validation, "'\(field.name)' must be \(expected)")
                    .rpcError(action: request.action, input: request.inputValue, extra: ["field": .string(field.name)])
            }
        }
        guard missing.isEmpty else { return .answered(PerformResult(status: .inputRequired, fields: missing, input: request.input ?? [:])) }
        if offered.destructive {
            let binding = [request.action, request.rowIds?.joined(separator: "\n") ?? "", JSONValue.object(values).serializedString] + targets.map(\.state)
            guard let token = request.confirm else {
                let questions = actions.compactMap { $0.action.confirmation?(ActionInput(values)) }
                let message = questions.count == 1 ? questions[0] : "\(offered.title.trimmingEllipsis) \(targets.count) items?"
                return .answered(PerformResult(
                    status: .confirm, message: message, confirm: confirmations.issue(binding: binding), expiresIn: ConfirmationBook.lifetimeSeconds))
            }
            guard confirmations.redeem(token, binding: binding) else {
                throw ActionFailure(.staleConfirmation, "the confirmation expired, was for other rows or input, or the rows changed since: ask again")
                    .rpcError(action: request.action, input: request.inputValue)
            }
        }
        return .write(actions, values)
    }

    /// Performs the write on each target in turn (a failure on one does not stop the others),
    /// then reads the screen again so its rows show what the source now says, and answers.
    private func run(
        _ actions: [(target: ActionTarget, action: ItemAction)], _ input: ActionInput, request: PerformRequest,
        completion: @escaping (Result<PerformResult, RPCError>) -> Void
    ) {
        var results: [PerformResult.TargetResult] = []
        var failures: [ActionFailure] = []
        // Every target's write shows at once, before the source answers any of them.
        let previewed = showPreviews(actions.map { $0.action.preview?(input) ?? [] })
        func next(_ index: Int) {
            guard index < actions.count else { return finish() }
            let (target, action) = actions[index]
            action.perform(input) { [weak self] result in
                switch result {
                case .success:
                    results.append(PerformResult.TargetResult(id: target.id))
                case .failure(let failure):
                    self?.withdrawPreview(previewed[index])
                    failures.append(failure)
                    let error = failure.rpcError(action: request.action, input: nil)
                    results.append(PerformResult.TargetResult(id: target.id, status: "failed", error: error.json))
                }
                next(index + 1)
            }
        }
        func finish() {
            withdrawAdditions()
            rereadAfterWrite { [weak self] in
                guard let self else { return }
                settlePreviews()
                if failures.count == actions.count, let first = failures.first {
                    let extra: [String: JSONValue] = actions.count > 1 ? ["results": (try? JSONValueEncoder().encode(results)) ?? .null] : [:]
                    return completion(.failure(first.rpcError(action: request.action, input: request.inputValue, extra: extra)))
                }
                completion(.success(PerformResult(status: .done, results: results, revision: revision)))
            }
        }
        next(0)
    }

    private func targets(_ rowIds: [String]) throws(RPCError) -> [ActionTarget] {
        guard !rowIds.isEmpty else { return screen.ownTarget.map { [$0] } ?? [] }
        var targets: [ActionTarget] = []
        for rowId in rowIds {
            guard let target = target(rowId: rowId) else {
                throw RPCError(
                    code: RPCErrorCode.invalidParams, message: "no row with id '\(rowId)' on this screen",
                    data: ["reason": "notFound", "rowId": .string(rowId)])
            }
            targets.append(target)
        }
        return targets
    }

    private func target(rowId: String) -> ActionTarget? {
        loaded(rowId: rowId).map { screen.actionTarget(for: $0.item, row: $0.row) }
    }

    /// The actions every target offers, in the first one's order: its writes, then the read-only
    /// ones. The merge is the strictest of them: an action disabled or destructive for any target
    /// is so for all, and a field offers only the options every target offers.
    private func offered(by targets: [ActionTarget]) -> [Action] {
        guard !targets.isEmpty else { return [] }
        let lists = targets.map { target in
            target.actions.map(\.action) + ReadOnlyAction.allCases.filter { $0.applies(to: target) }.map(\.action)
        }
        return lists[0].compactMap { action in
            var merged = action
            for list in lists.dropFirst() {
                guard let other = list.first(where: { $0.id == action.id }) else { return nil }
                merged = merged.strictest(with: other)
            }
            return merged
        }
    }

    private func describe(_ rowIds: [String]?) -> String {
        guard let rowIds, !rowIds.isEmpty else { return "this screen's own item" }
        return rowIds.count == 1 ? "row '\(rowIds[0])'" : "these \(rowIds.count) rows"
    }
}

extension Action {
    /// This action as offered for two targets at once: disabled if either is, destructive if
    /// either is, and each enum field narrowed to the options both offer.
    fileprivate func strictest(with other: Action) -> Action {
        var merged = self
        merged.disabled = disabled ?? other.disabled
        merged.destructive = destructive || other.destructive
        merged.input = input?.map { field in
            guard let options = field.options, let theirs = other.input?.first(where: { $0.name == field.name })?.options else { return field }
            var narrowed = field
            narrowed.options = options.filter(theirs.contains)
            return narrowed
        }
        return merged
    }
}

extension String {
    /// "Comment…" as "Comment".
    var trimmingEllipsis: String { hasSuffix("…") ? String(dropLast()) : self }
}
