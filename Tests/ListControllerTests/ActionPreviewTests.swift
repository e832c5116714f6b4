import ListController
import NavProtocol
import Testing

/// A write shows in its rows as soon as it is performed, before the source answers; a failed
/// write puts them back; a write that succeeds is read from the source again.
@Suite struct ActionPreviewTests {
    /// Lamps that can be lit: the write is left for the test to finish by hand.
    final class LampScreen: ListScreen {
        var lit: Set<String> = []
        var pending: [(lamp: String, finish: (Result<Void, ActionFailure>) -> Void)] = []

        var title: String { "Lamps" }

        func sections(for query: String) -> [SectionSource<String>] {
            [.items(id: "lamps", header: "Lamps", ["desk", "hall"])]
        }

        func row(for lamp: String) -> Row { row(for: lamp, lit: lit.contains(lamp)) }

        func row(for lamp: String, lit: Bool) -> Row {
            Row(id: "lamp:\(lamp)", kind: "lamp", title: lamp, detail: lit ? "on" : "off")
        }

        func selection(for lamp: String) -> SelectionAction { .none }

        func actionTarget(for lamp: String, row: Row) -> ActionTarget {
            let light = ItemAction(Action(id: "light", title: "Light"), preview: { [unowned self] _ in [self.row(for: lamp, lit: true)] }) {
                [unowned self] _, completion in
                pending.append((lamp, { result in
                    if case .success = result { self.lit.insert(lamp) }
                    completion(result)
                }))
            }
            return ActionTarget(id: row.id, actions: [light], url: nil, text: lamp)
        }
    }


    /// The lamps shown, with the updates the controller sends from now on, and the answer to a
    /// perform of `light` on `rowIds` once it comes.
    final class Session {
        let screen = LampScreen()
        let controller: ListController<LampScreen>
        var updates: [ScreenUpdate] = []
        var answer: Result<PerformResult, RPCError>?

        init(lighting rowIds: [String]) throws {
            controller = ListController(screen: screen)
            try controller.loadNow("")
            controller.onUpdate = { [unowned self] in updates.append($0) }
            controller.perform(PerformRequest(rowIds: rowIds, action: "light")) { [unowned self] in answer = $0 }
        }
    }

    @Test func theRowShowsTheWriteBeforeTheSourceAnswersAndAfterIt() throws {
        let session = try Session(lighting: ["lamp:desk"])
        let (screen, controller) = (session.screen, session.controller)
        #expect(session.answer == nil && screen.pending.count == 1, "the write is under way")
        #expect(session.updates.map { $0.changes?.reconfigured } == [["lamp:desk"]])
        #expect(try controller.rowsNow().first?.detail == "on", "read while the write is under way, the row shows it")
        screen.pending[0].finish(.success(()))
        #expect(try session.answer?.get().status == .done)
        #expect(try controller.rowsNow().first?.detail == "on")
        #expect(session.updates.count == 2 && session.updates.last?.changes?.reconfigured == ["lamp:desk"], "the source's row, read again")
    }

    @Test func aFailedWritePutsTheRowBackAndTheOthersStay() throws {
        let session = try Session(lighting: ["lamp:desk", "lamp:hall"])
        let (screen, controller) = (session.screen, session.controller)
        #expect(session.updates.last?.changes?.reconfigured == ["lamp:desk", "lamp:hall"], "both show at once, before either is written")
        screen.pending[0].finish(.failure(ActionFailure(.forbidden, "no power", status: 403)))
        #expect(session.updates.last?.changes?.reconfigured == ["lamp:desk"], "the failed one is put back at once")
        #expect(try controller.rowsNow().map(\.detail) == ["off", "on"])
        screen.pending[1].finish(.success(()))
        let results = try #require(try session.answer?.get().results)
        #expect(results.map(\.status) == ["failed", "done"])
        #expect(try controller.rowsNow().map(\.detail) == ["off", "on"])
    }
}
