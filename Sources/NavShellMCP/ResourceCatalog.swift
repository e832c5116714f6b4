import MCP
import NavClient
import NavProtocol

/// `navshell://` resources: a deep link, or a screen of the tools' stack by id; both are read on
/// a session of their own (`ResourceReader`), so reading never changes the tools' stack.
enum ResourceCatalog {
    static let scheme = "navshell://"

    static let stackTemplate = Resource.Template(
        uriTemplate: "navshell://stack/{screen}", name: "stack-screen", title: "A screen on the stack",
        description: "A screen of the tools' stack by its id (s1, s2, …), as it is now; reading it changes nothing.", mimeType: "text/plain")

    /// One template per form of the deep-link grammar navhost's root screen answers with
    /// (`users[/LOGIN[/starred|…]]`): a new form there is a new template here.
    static func templates(grammar: String?) -> [Resource.Template] {
        let forms = grammar.map(DeepLinkForms.expand) ?? []
        return forms.map { form in
            let path = DeepLinkForms.uriTemplate(form)
            return Resource.Template(
                uriTemplate: scheme + path, name: path, title: "Deep link \(form)",
                description: "The screen the deep link \(form) leads to, whole: as text, then as the JSON navhost show --json prints.",
                mimeType: "text/plain")
        } + [stackTemplate]
    }

    /// Where a resource URI leads.
    enum Target: Equatable {
        /// A deep link, opened on the reading session.
        case path(String)
        /// A screen of the tools' stack, by id.
        case stackScreen(String)
    }

    static func target(_ uri: String) -> Target? {
        guard uri.hasPrefix(scheme) else { return nil }
        let rest = String(uri.dropFirst(scheme.count))
        if rest.hasPrefix("stack/") {
            let id = String(rest.dropFirst("stack/".count))
            return id.isEmpty || id.contains("/") ? nil : .stackScreen(id)
        }
        return rest.isEmpty ? nil : .path(rest)
    }

    static func listing(_ stack: [Screen]) -> [Resource] {
        stack.enumerated().map { depth, screen in
            Resource(
                name: screen.title, uri: scheme + "stack/\(screen.id)", title: screen.title,
                description: "\(screen.kind.rawValue) screen \(screen.id), depth \(depth + 1) of \(stack.count) on the tools' stack",
                mimeType: "text/plain")
        }
    }

    /// A whole screen as the two contents of `resources/read`: the text `navhost show --text`
    /// prints, then the JSON `navhost show --json` prints (`ScreenJSON`).
    static func contents(uri: String, screen: ScreenSnapshot, stack: [Screen]) -> [Resource.Content] {
        let text = ScreenText.render(screen, depth: stack.firstIndex { $0.id == screen.screen.id }.map { $0 + 1 }, width: ScreenAnswer.textWidth)
        let json = JSONValue.object(ScreenJSON.object(screen, stack: stack))
        return [
            .text(text, uri: uri, mimeType: "text/plain"),
            .text(json.serializedString, uri: uri, mimeType: "application/json"),
        ]
    }
}

/// The forms of a deep-link grammar written as `users[/LOGIN[/starred|/repositories[…]]]`:
/// brackets for an optional part, `|` between alternatives, capitals for a value.
enum DeepLinkForms {
    /// Every path the grammar allows, with its values as the grammar names them, each after its prefix.
    static func expand(_ grammar: String) -> [String] {
        var characters = Substring(grammar)
        return alternatives(&characters)
    }

    /// A form as a URI template: `users/{login}/repositories/{repository}`.
    static func uriTemplate(_ form: String) -> String {
        form.split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.allSatisfy({ $0.isUppercase || $0 == "_" }) && !segment.isEmpty ? "{\(segment.lowercased())}" : String(segment)
        }.joined(separator: "/")
    }

    /// Alternatives separated by `|`, up to a `]` or the end.
    private static func alternatives(_ text: inout Substring) -> [String] {
        var forms = sequence(&text)
        while text.first == "|" {
            text.removeFirst()
            forms += sequence(&text)
        }
        return forms
    }

    /// Literal text and optional groups, up to a `|`, a `]` or the end.
    private static func sequence(_ text: inout Substring) -> [String] {
        var forms = [""]
        while let next = text.first, next != "|", next != "]" {
            text.removeFirst()
            if next == "[" {
                let inner = alternatives(&text)
                if text.first == "]" { text.removeFirst() }
                forms = forms.flatMap { form in [form] + inner.map { form + $0 } }
            } else {
                forms = forms.map { $0 + String(next) }
            }
        }
        return forms
    }
}
