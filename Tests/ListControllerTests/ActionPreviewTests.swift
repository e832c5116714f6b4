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

    @Test func shuttingDownWaitsForTheWritesUnderWay() throws {
        let session = try Session(lighting: ["lamp:desk", "lamp:hall"])
        var done = false
        session.controller.whenWritesDone { done = true }
        #expect(!done, "the desk lamp's write is under way and the hall's waits")
        session.screen.pending[0].finish(.success(()))
        #expect(!done)
        session.screen.pending[1].finish(.success(()))
        #expect(done && session.answer != nil)
        var doneAtOnce = false
        session.controller.whenWritesDone { doneAtOnce = true }
        #expect(doneAtOnce, "with no write left, at once")
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

    /// Notes that can be added to: a new note is previewed as a row after the loaded ones.
    final class NoteScreen: ListScreen {
        var notes = ["first"]
        var pending: [(Result<Void, ActionFailure>) -> Void] = []

        var title: String { "Notes" }
        func sections(for query: String) -> [SectionSource<String>] { [.items(id: "notes", header: "Notes", notes)] }
        func row(for note: String) -> Row { Row(id: "note:\(note)", kind: "note", title: note) }
        func selection(for note: String) -> SelectionAction { .none }

        var ownTarget: ActionTarget? {
            let add = ItemAction(Action(id: "add", title: "Add", input: [ActionField(name: "text", title: "Text", type: .text, required: true)]),
                preview: { input in [Row(id: "note:new", kind: "note", title: input.string("text") ?? "", section: "notes")] }
            ) { [unowned self] input, completion in
                pending.append { result in
                    if case .success = result { self.notes.append(input.string("text") ?? "") }
                    completion(result)
                }
            }
            return ActionTarget(id: "notes", actions: [add], url: nil, text: "Notes")
        }
    }

    @Test func aNewRowShowsAfterTheLoadedOnesUntilTheSourceHasIt() throws {
        for succeeds in [true, false] {
            let screen = NoteScreen()
            let controller = ListController(screen: screen)
            try controller.loadNow("")
            var updates: [ScreenUpdate] = []
            controller.onUpdate = { updates.append($0) }
            var answer: Result<PerformResult, RPCError>?
            controller.perform(PerformRequest(action: "add", input: ["text": "second"])) { answer = $0 }
            #expect(updates.first?.changes?.inserted == [RowPosition(id: "note:new", index: 1)])
            #expect(controller.sections.first?.count == 2)
            #expect(try controller.rowsNow().map(\.title) == ["first", "second"], "read while the write is under way")
            screen.pending[0](succeeds ? .success(()) : .failure(ActionFailure(.forbidden, "no")))
            #expect(updates.dropFirst().first?.changes?.removed == [RowPosition(id: "note:new", index: 1)], "the addition goes")
            #expect(try controller.rowsNow().map(\.title) == (succeeds ? ["first", "second"] : ["first"]))
            if succeeds {
                #expect(updates.last?.changes?.inserted == [RowPosition(id: "note:second", index: 1)], "the source's row comes")
                #expect(try answer?.get().status == .done)
            } else {
                #expect(answer.map { if case .failure = $0 { true } else { false } } == true)
            }
        }
    }
}
