import NavProtocol
import UVKit

/// What a screen's worker is told when the screen changes.
public struct ScreenUpdate: Equatable {
    public var revision: Int
    public var sections: [SectionInfo]
    public var changes: RowChanges?
    public var reset: Bool
    public var loading: Bool
}

/// A screen as the worker drives it, whatever its item type. Everything runs on the loop.
public protocol ScreenController: AnyObject {
    var title: String { get }
    /// Grows by one each time the screen's rows change.
    var revision: Int { get }
    var query: String { get }
    var sections: [SectionInfo] { get }
    var isLoading: Bool { get }
    /// Told of every new revision and every start or end of loading.
    var onUpdate: ((ScreenUpdate) -> Void)? { get set }
    /// Loads the data for a query. A newer load supersedes this one: its loads are cancelled
    /// and it completes with `.superseded`. Cancelling the returned handle before the load
    /// landed drops it the same way (it completes with `.cancelled` and never shows).
    @discardableResult
    func load(query: String, completion: @escaping (Result<Void, ScreenError>) -> Void) -> Cancellable
    /// A window of rows: of one section when `section` is given, else of all sections in order.
    func rows(section: String?, offset: Int, limit: Int, revision: Int?, completion: @escaping (Result<[Row], ScreenError>) -> Void)
    /// What selecting the row with this id asks for.
    func select(rowId: String) throws(ScreenError) -> SelectionAction
    /// The actions the rows with these ids offer, or the screen's own item's (no ids).
    func actions(rowIds: [String]) throws(RPCError) -> [Action]
    /// Performs an action on rows, or on the screen's own item; answers when the rows show it.
    func perform(_ request: PerformRequest, completion: @escaping (Result<PerformResult, RPCError>) -> Void)
    /// Runs `body` once the writes performed and waiting are done: at once if there are none.
    func whenWritesDone(_ body: @escaping () -> Void)
    /// Cancels whatever is under way.
    func close()
    /// Before the first load: number revisions on from `revision` (a screen restarted from its token).
    func continueRevisions(after revision: Int)
}
