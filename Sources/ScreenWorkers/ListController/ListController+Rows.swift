import NavProtocol
import UVKit

extension ListController {
    public func rows(section: String?, offset: Int, limit: Int, revision requested: Int?, completion: @escaping (Result<[Row], ScreenError>) -> Void) {
        guard offset >= 0 else { return completion(.failure(.invalidParams("offset must not be negative"))) }
        guard limit >= 0 else { return completion(.failure(.invalidParams("limit must not be negative"))) }
        if let requested, requested != revision {
            return completion(.failure(.revisionGone(requested: requested, current: revision)))
        }
        let pieces: [(section: LoadedSection<S.Item>, range: Range<Int>)]
        do {
            pieces = try window(section: section, offset: offset, limit: limit)
        } catch {
            return completion(.failure(error))
        }
        for piece in pieces { prefetchIfNearEnd(piece.section, readingUpTo: piece.range.upperBound) }
        let generation = shown
        let atRevision = revision
        ensureLoaded(pieces) { [weak self] failure in
            guard let self else { return }
            if let failure { return completion(.failure(failure)) }
            // A new query landed while windows were fetched: these rows belong to a revision that is gone.
            guard self.shown === generation else {
                return completion(.failure(.revisionGone(requested: atRevision, current: self.revision)))
            }
            var rows: [Row] = []
            for piece in pieces { self.appendRows(of: piece.section, in: piece.range, to: &rows) }
            completion(.success(rows))
        }
    }

    /// The sections and ranges a window covers, clipped to what exists. `offset` and `limit` are
    /// the client's (any non-negative Int): no sum of them is formed before clipping.
    private func window(section: String?, offset: Int, limit: Int) throws(ScreenError) -> [(section: LoadedSection<S.Item>, range: Range<Int>)] {
        if let section {
            guard let found = shown.sections.first(where: { $0.id == section }) else {
                let known = shown.sections.map { $0.id }.joined(separator: ", ")
                throw ScreenError.notFound("no section '\(section)'; sections are: \(known)")
            }
            let count = shownCount(found)
            let start = min(offset, count)
            return [(found, start..<(start + min(limit, count - start)))]
        }
        var pieces: [(LoadedSection<S.Item>, Range<Int>)] = []
        var skip = offset
        var wanted = limit
        for section in shown.sections where wanted > 0 {
            let count = shownCount(section)
            if skip >= count {
                // A paged section with nothing yet and more to come (every item of its pages so far
                // filtered out) is where the read is: reaching it loads its next page.
                if skip == 0 && section.hasMore { pieces.append((section, 0..<0)) }
                skip -= count
                continue
            }
            // skip < count here, so neither sum can overflow whatever the client sent.
            let range = skip..<(skip + min(count - skip, wanted))
            pieces.append((section, range))
            wanted -= range.count
            skip = 0
        }
        return pieces
    }

    private func appendRows(of section: LoadedSection<S.Item>, in range: Range<Int>, to rows: inout [Row]) {
        let render = { (item: S.Item) in self.render(item, in: section) }
        let loaded = range.clamped(to: 0..<section.count)
        let read = section.isIndexed ? (section.windows.rows(in: loaded, render: render) ?? []) : section.rows(in: loaded, render: render)
        rows += previews.isEmpty ? read : read.map { row in previews[row.id].map { preview in previewed(preview, in: row.section) } ?? row }
        // Rows a write under way adds come after the loaded ones (`ListController+Previews`).
        if range.upperBound > section.count {
            let added = added(to: section.id)
            rows += added[(max(range.lowerBound, section.count) - section.count)..<(range.upperBound - section.count)]
        }
    }

    /// The rows a section shows: those loaded, and those a write under way adds.
    func shownCount(_ section: LoadedSection<S.Item>) -> Int {
        section.count + added(to: section.id).count
    }

    /// The rows a write under way adds to the section `id`, in order.
    func added(to id: String) -> [Row] {
        additions.isEmpty ? [] : additions.filter { $0.section == id }
    }

    /// Fetches the windows of random-access sections that are not cached, one read per run of
    /// adjacent missing chunks; `done` gets the first failure.
    private func ensureLoaded(_ pieces: [(section: LoadedSection<S.Item>, range: Range<Int>)], done: @escaping (ScreenError?) -> Void) {
        var runs: [(section: LoadedSection<S.Item>, chunks: ClosedRange<Int>)] = []
        for piece in pieces where piece.section.isIndexed {
            for chunk in piece.section.windows.missingChunks(for: piece.range) {
                if let last = runs.last, last.section === piece.section, last.chunks.upperBound == chunk - 1 {
                    runs[runs.count - 1].chunks = last.chunks.lowerBound...chunk
                } else {
                    runs.append((piece.section, chunk...chunk))
                }
            }
        }
        guard !runs.isEmpty else { return done(nil) }
        var outstanding = runs.count
        var failure: ScreenError?
        let size = WindowCache<S.Item>.chunkSize
        for (section, chunks) in runs {
            guard case .indexed(let fetch) = section.source.loader else { continue }
            let job = fetch((chunks.lowerBound * size)..<((chunks.upperBound + 1) * size)) { result in
                switch result {
                case .success(let window):
                    for chunk in chunks {
                        let start = (chunk - chunks.lowerBound) * size
                        guard start < window.items.count else { break }
                        section.windows.store(Array(window.items[start..<min(window.items.count, start + size)]), chunk: chunk)
                    }
                case .failure(let error):
                    failure = failure ?? (error as? ScreenError) ?? .dataUnavailable("\(error)")
                }
                outstanding -= 1
                if outstanding == 0 { done(failure) }
            }
            if let job { section.inFlight.append(job) }
        }
    }

    /// A read near the end of a paged section loads its next page (once at a time).
    private func prefetchIfNearEnd(_ section: LoadedSection<S.Item>, readingUpTo end: Int) {
        guard case .pages(_, let load) = section.source.loader, let cursor = section.next, !section.isLoading,
            end + ListLimits.prefetchMargin >= section.items.count
        else { return }
        section.isLoading = true
        section.failure = nil
        let generation = shown
        notify(changes: nil, reset: false)
        let job = load(cursor) { [weak self] result in
            guard let self, self.shown === generation else { return }
            section.isLoading = false
            section.inFlight = []
            switch result {
            case .success(let page):
                let start = self.globalOffset(of: section) + section.items.count
                let before = section.items.count
                section.appendItems(page.items)
                // Rendered once here and kept: a read of these rows reuses them.
                let added = section.rows(in: before..<section.items.count) { self.render($0, in: section) }
                section.next = page.next
                section.staleReason = page.staleReason ?? section.staleReason
                self.revision += 1
                let inserted = added.enumerated().map { RowPosition(id: $0.element.id, index: start + $0.offset) }
                self.notify(changes: RowChanges(inserted: inserted), reset: false)
            case .failure(let error):
                section.failure = error as? ScreenError ?? .dataUnavailable("\(error)")
                self.revision += 1
                self.notify(changes: RowChanges(), reset: false)
            }
        }
        track(job, in: section)
    }

    /// Where a section's first row stands in the whole list.
    func globalOffset(of section: LoadedSection<S.Item>) -> Int {
        var offset = 0
        for candidate in shown.sections {
            if candidate === section { break }
            offset += shownCount(candidate)
        }
        return offset
    }
}
