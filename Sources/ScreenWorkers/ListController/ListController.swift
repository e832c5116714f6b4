import NavProtocol
import UVKit

/// The generic list controller: runs a screen's loaders, shows one query's results at a time
/// (a newer query cancels the older one's loads), pages and windows rows, numbers revisions,
/// diffs them by stable row id, and resolves selections by row id.
public final class ListController<S: ListScreen>: ScreenController {
    public let screen: S
    public internal(set) var revision = 0
    public var onUpdate: ((ScreenUpdate) -> Void)?
    var shown: Generation<S.Item>
    private var pending: (generation: Generation<S.Item>, completion: (Result<Void, ScreenError>) -> Void)?
    private var debounce: UVTimer?
    private let debounceMilliseconds: UInt64
    private var isPrepared = false
    /// Reads of the screen again that writes asked for while a load was under way: the newest
    /// state is read once that load has landed (`rereadAfterWrite`).
    private var rereads: [() -> Void] = []
    /// A query sent while the screen prepared again (after a write): it loads once prepared.
    private var queuedBehindPreparation: (query: String, ticket: LoadTicket, completion: (Result<Void, ScreenError>) -> Void)?
    /// The screen's writes, one at a time, and the confirmations it gave (`ListController+Actions`).
    let writes = WriteQueue()
    let confirmations = ConfirmationBook()
    /// Rows shown as a write under way previews them, by id, until the source's answer is read.
    var previews: [String: Row] = [:]
    /// Rows a write under way adds (a new comment), shown after the loaded rows of their section
    /// until the screen is read again.
    var additions: [Row] = []
    private var preparation: Cancellable?

    /// `loop` is needed only for a debounce; a zero debounce starts every load at once.
    public init(screen: S, loop: UVLoop? = nil, debounceMilliseconds: UInt64 = 0) {
        self.screen = screen
        self.debounceMilliseconds = debounceMilliseconds
        shown = Generation(query: "", sections: [])
        if debounceMilliseconds > 0, let loop { debounce = try? UVTimer(loop: loop) }
    }

    public var title: String { screen.title }
    public var query: String { shown.query }
    // Closures, not key paths: a key path into a generic class is instantiated at run time on every use.
    public var sections: [SectionInfo] {
        shown.sections.map { section in
            var info = section.info
            info.count += added(to: section.id).count
            return info
        }
    }
    public var isLoading: Bool { pending != nil || shown.sections.contains { $0.isLoading } }

    @discardableResult
    public func load(query: String, completion: @escaping (Result<Void, ScreenError>) -> Void) -> Cancellable {
        let ticket = LoadTicket()
        load(query: query, ticket: ticket, completion: completion)
        return ticket
    }

    /// `debounced`: a load a query asked for waits out the debounce; a read again does not.
    private func load(query: String, ticket: LoadTicket, debounced: Bool = true, completion: @escaping (Result<Void, ScreenError>) -> Void) {
        guard !ticket.isCancelled else { return completion(.failure(.cancelled)) }
        if let superseded = pending {
            pending = nil
            superseded.generation.cancelAll()
            superseded.completion(.failure(.superseded))
        }
        guard isPrepared else { return prepare(thenLoad: query, ticket: ticket, completion: completion) }
        let generation = Generation(query: query, sections: screen.sections(for: query).map(LoadedSection.init))
        pending = (generation, completion)
        ticket.onCancel = { [weak self, weak generation] in
            guard let self, let generation else { return }
            self.cancelPending(generation)
        }
        if let debounce, debounced, revision > 0 {
            debounce.start(after: debounceMilliseconds) { [weak self] in self?.start(generation) }
        } else {
            start(generation)
        }
    }

    /// Drops `generation` if it is still the load waiting to land: its debounce and loads stop.
    private func cancelPending(_ generation: Generation<S.Item>) {
        guard let waiting = pending, waiting.generation === generation else { return }
        pending = nil
        debounce?.stop()
        generation.cancelAll()
        waiting.completion(.failure(.cancelled))
        rereadIfAsked()
    }

    /// Reads the screen again from its source, its own item too (`prepare`), as its current
    /// query: what a write changed shows. A load under way (a query the client sent) is let land
    /// first, and the read follows it, so a write never replaces a query; it waits out no debounce.
    public func rereadAfterWrite(_ completion: @escaping () -> Void) {
        rereads.append(completion)
        rereadIfAsked()
    }

    private func rereadIfAsked() {
        guard pending == nil, preparation == nil, !rereads.isEmpty else { return }
        let waiting = rereads
        rereads = []
        isPrepared = false
        load(query: query, ticket: LoadTicket(), debounced: false) { _ in
            for done in waiting { done() }
        }
    }

    private func prepare(thenLoad query: String, ticket: LoadTicket, completion: @escaping (Result<Void, ScreenError>) -> Void) {
        if preparation != nil {
            guard revision > 0 else { return completion(.failure(.invalidParams("the screen is still opening"))) }
            queuedBehindPreparation?.completion(.failure(.superseded))
            queuedBehindPreparation = (query, ticket, completion)
            return
        }
        var finished = false
        let job = screen.prepare { [weak self] result in
            finished = true
            guard let self else { return }
            self.preparation = nil
            let queued = self.queuedBehindPreparation
            self.queuedBehindPreparation = nil
            switch result {
            case .success:
                self.isPrepared = true
                self.load(query: query, ticket: ticket, debounced: false, completion: completion)
                // The newer query supersedes the load it was queued behind.
                if let queued { self.load(query: queued.query, ticket: queued.ticket, completion: queued.completion) }
            case .failure(let error):
                let failure = error as? ScreenError ?? .dataUnavailable("\(error)")
                completion(.failure(failure))
                queued?.completion(.failure(failure))
                self.rereadIfAsked()
            }
        }
        if !finished { preparation = job }
    }

    private func start(_ generation: Generation<S.Item>) {
        // One count per section plus one for this loop, so a generation whose sections all
        // load at once (or that has none) commits exactly once, here.
        generation.outstanding = generation.sections.count + 1
        // No "loading" update here: the client's screen/query is pending until the load lands,
        // which already says so; updates are for what the client did not ask for.
        for section in generation.sections { loadFirst(section, of: generation) }
        finishOne(of: generation)
    }

    private func finishOne(of generation: Generation<S.Item>) {
        generation.outstanding -= 1
        if generation.outstanding == 0 { commit(generation) }
    }

    private func loadFirst(_ section: LoadedSection<S.Item>, of generation: Generation<S.Item>) {
        let done: (Result<Void, any Error>) -> Void = { [weak self] result in
            section.isLoading = false
            if case .failure(let error) = result { self?.record(error, in: section, of: generation) }
            self?.finishOne(of: generation)
        }
        section.isLoading = true
        switch section.source.loader {
        case .items(let items):
            section.replaceItems(items)
            done(.success(()))
        case .pages(_, let load):
            track(load(nil) { result in
                done(result.map { page in
                    section.replaceItems(page.items)
                    section.next = page.next
                    section.staleReason = page.staleReason
                })
            }, in: section)
        case .indexed(let fetch):
            let first = 0..<WindowCache<S.Item>.chunkSize
            track(fetch(first) { result in
                done(result.map { window in
                    section.total = window.total
                    section.windows.store(window.items, chunk: 0)
                })
            }, in: section)
        }
    }

    /// Keeps a load's handle so a newer query can cancel it (nil when it finished at once).
    func track(_ job: Cancellable?, in section: LoadedSection<S.Item>) {
        if let job, section.isLoading { section.inFlight.append(job) }
    }

    private func record(_ error: any Error, in section: LoadedSection<S.Item>, of generation: Generation<S.Item>) {
        switch error {
        case let screenError as ScreenError:
            switch screenError {
            case .notFound, .invalidParams: generation.failure = screenError
            default: section.failure = screenError
            }
        default:
            section.failure = .dataUnavailable("\(error)")
        }
    }

    /// Puts a loaded generation on screen, as one new revision with its changes.
    private func commit(_ generation: Generation<S.Item>) {
        guard let waiting = pending, waiting.generation === generation else { return }
        pending = nil
        // Once the client's load has landed (and been answered), a read a write asked for follows.
        defer { rereadIfAsked() }
        for section in generation.sections { section.inFlight = [] }
        if let failure = generation.failure {
            return waiting.completion(.failure(failure))
        }
        // Nothing loaded at all: the request fails with the source's reason; a screen already
        // on view also shows it as the sections' error state, a screen being opened is not made.
        let sourceFailure = generation.sections.isEmpty ? nil : generation.sections.allSatisfy { $0.failure != nil } ? generation.sections[0].failure : nil
        if let sourceFailure, revision == 0 {
            return waiting.completion(.failure(sourceFailure))
        }
        let previous = shown
        shown = generation
        if revision > 0, previous.isDiffable, generation.isDiffable {
            let changes = RowDiff.changes(from: allRows(of: previous), to: allRows(of: generation))
            if !changes.isEmpty || previous.sections.map({ $0.info }) != generation.sections.map({ $0.info }) {
                revision += 1
                notify(changes: changes, reset: false)
            }
        } else {
            revision += 1
            notify(changes: nil, reset: true)
        }
        waiting.completion(sourceFailure.map { .failure($0) } ?? .success(()))
    }

    func notify(changes: RowChanges?, reset: Bool) {
        onUpdate?(ScreenUpdate(revision: revision, sections: sections, changes: changes, reset: reset, loading: isLoading))
    }

    /// A generation's rows, rendered once and kept for reads: only for diffable (in-memory,
    /// bounded) generations.
    func allRows(of generation: Generation<S.Item>) -> [Row] {
        generation.sections.flatMap { section in section.rows(in: 0..<section.items.count) { render($0, in: section) } }
    }

    func render(_ item: S.Item, in section: LoadedSection<S.Item>) -> Row {
        var row = screen.row(for: item)
        row.section = section.id
        return row
    }

    public func select(rowId: String) throws(ScreenError) -> SelectionAction {
        guard let loaded = loaded(rowId: rowId) else { throw ScreenError.notFound("no row with id '\(rowId)' on this screen") }
        return screen.selection(for: loaded.item)
    }

    /// The loaded item whose row has this id, with that row as the source gives it (no preview).
    func loaded(rowId: String) -> (item: S.Item, row: Row)? {
        for section in shown.sections {
            if let found = section.item(withRowId: rowId, render: { render($0, in: section) }) { return found }
        }
        return nil
    }

    /// The base comes from a restoration token, which a client may have written: it is clamped to
    /// `ListLimits.maxRevision` so numbering on from it can never overflow.
    public func continueRevisions(after base: Int) {
        if revision == 0 { revision = min(max(0, base), ListLimits.maxRevision) }
    }

    public func whenWritesDone(_ body: @escaping () -> Void) { writes.whenIdle(body) }

    public func close() {
        preparation?.cancel()
        preparation = nil
        pending?.generation.cancelAll()
        pending = nil
        shown.cancelAll()
        debounce?.close()
        debounce = nil
    }
}

/// One `load` as its caller holds it: cancelling it drops the load if it has not landed yet.
final class LoadTicket: Cancellable {
    private(set) var isCancelled = false
    var onCancel: (() -> Void)?

    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let handler = onCancel
        onCancel = nil
        handler?()
    }
}
