import Yams

/// Step names a Maestro user would type. `tapOn` does what it does in Maestro (selects the row
/// whose text matches); the others have no counterpart in a list UI without a screen, and are
/// refused with the NavShell step to use instead (docs/automation.md, "Coming from Maestro").
enum MaestroSteps {
    static let insteadOf: [String: String] = [
        "inputText": "search: TEXT (it sets the screen's query; there is no text field to type into)",
        "eraseText": "search: \"\" (it clears the screen's query)",
        "scrollUntilVisible": "assertVisible or waitFor (a flow sees every row of the screen, so there is nothing to scroll)",
        "scroll": "nothing (a flow sees every row of the screen); assertVisible finds a row wherever it is",
        "swipe": "back to leave a screen, select to enter one",
        "launchApp": "the flow header's root: {kind, params} (each flow starts a fresh host), or open: PATH / backToRoot",
        "stopApp": "nothing: the host ends when the flow does",
        "killApp": "nothing: the host ends when the flow does",
        "clearState": "nothing: each flow starts a fresh host",
        "openLink": "open: PATH (a deep link such as users/mojombo/repositories/grit)",
        "pressKey": "back (for the back key) or search (for text)",
        "hideKeyboard": "nothing: there is no keyboard",
        "extendedWaitUntil": "waitFor: {ROW, timeout: SECONDS} (visible: false to wait until it is gone)",
        "waitForAnimationToEnd": "nothing: every step waits until the host is idle",
        "takeScreenshot": "snapshot: NAME (it records every screen of the stack as JSON)",
        "assertTrue": "assertVisible, assertCount or assertVisible with values: {...}",
        "copyTextFrom": "values in the row criteria (rows carry their typed values)",
        "runScript": "a script that drives navhost itself (the Python client, docs/automation.md)",
        "evalScript": "a script that drives navhost itself (the Python client, docs/automation.md)",
    ]

    /// The NavShell action for `tapOn`; nil when `kind` is not a Maestro step; throws naming the
    /// step to use for the others.
    static func translate(_ kind: String, value: Node?, at node: Node, parser: FlowParser) throws -> FlowAction? {
        if kind == "tapOn" {
            guard let value else { throw parser.reader.error(node, "tapOn needs the row's text, or {text, id, index}") }
            return .select(try parser.criteria(value, "tapOn"))
        }
        guard let instead = insteadOf[kind] else { return nil }
        throw parser.reader.error(node, "'\(kind)' is a Maestro step NavShell does not have; use \(instead)")
    }
}
