import ListController
import NavProtocol
import Testing

/// An action offered for several rows at once is as strict as the strictest of them.
@Suite struct OfferedActionsTests {
    /// Two doors: the vault's `shut` asks for a confirmation and locks with a key only, the
    /// shed's does neither.
    final class DoorScreen: ListScreen {
        var shut: [String] = []

        var title: String { "Doors" }

        func sections(for query: String) -> [SectionSource<String>] {
            [.items(id: "doors", header: "Doors", ["shed", "vault"])]
        }

        func row(for door: String) -> Row { Row(id: "door:\(door)", kind: "door", title: door) }

        func selection(for door: String) -> SelectionAction { .none }

        func actionTarget(for door: String, row: Row) -> ActionTarget {
            let locks = door == "vault" ? ["key"] : ["key", "latch"]
            let lock = ActionField(name: "lock", title: "Lock", type: .enum, options: locks, default: "key")
            let confirmation: ((ActionInput) -> String)? = door == "vault" ? { _ in "Shut the vault?" } : nil
            let action = ItemAction(Action(id: "shut", title: "Shut", input: [lock]), confirmation: confirmation) {
                [unowned self] _, completion in
                shut.append(door)
                completion(.success(()))
            }
            return ActionTarget(id: row.id, actions: [action], url: nil, text: door)
        }
    }

    @Test func aRowThatAsksForAConfirmationMakesTheWholeActionAskForOne() throws {
        let screen = DoorScreen()
        let controller = ListController(screen: screen)
        try controller.loadNow("")
        let shut = try #require(try controller.actions(rowIds: ["door:shed", "door:vault"]).first { $0.id == "shut" })
        #expect(shut.destructive, "the vault's door is in the selection, listed first or not")
        var answer: Result<PerformResult, RPCError>?
        controller.perform(PerformRequest(rowIds: ["door:shed", "door:vault"], action: "shut")) { answer = $0 }
        #expect(try answer?.get().status == .confirm)
        #expect(screen.shut.isEmpty, "no door is shut before the user confirms")
    }

    @Test func aFieldOffersOnlyTheOptionsEveryRowTakes() throws {
        let controller = ListController(screen: DoorScreen())
        try controller.loadNow("")
        let shut = try #require(try controller.actions(rowIds: ["door:shed", "door:vault"]).first { $0.id == "shut" })
        #expect(shut.input?.first?.options == ["key"])
        var answer: Result<PerformResult, RPCError>?
        controller.perform(PerformRequest(rowIds: ["door:shed", "door:vault"], action: "shut", input: ["lock": "latch"])) { answer = $0 }
        #expect(throws: RPCError.self, "the vault takes no latch") { try answer?.get() }
    }
}
