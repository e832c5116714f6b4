/// Word lists the generator draws repositories from.
enum ProjectVocabulary {
    struct Language {
        let name: String
        let weight: Int
        /// Name prefixes idiomatic in the language's ecosystem ("go-cache", "py-router").
        let prefixes: [String]
        let topics: [String]
    }

    static let languages: [Language] = [
        Language(name: "JavaScript", weight: 16, prefixes: ["js", "node", "react", "vue"],
                 topics: ["javascript", "nodejs", "react", "vue", "npm", "frontend"]),
        Language(name: "Python", weight: 16, prefixes: ["py", "django", "flask"],
                 topics: ["python", "python3", "django", "flask", "pandas", "machine-learning"]),
        Language(name: "TypeScript", weight: 10, prefixes: ["ts", "react", "next"],
                 topics: ["typescript", "nextjs", "react", "deno", "frontend"]),
        Language(name: "Java", weight: 9, prefixes: ["java", "spring", "android"],
                 topics: ["java", "spring-boot", "android", "maven", "gradle"]),
        Language(name: "Go", weight: 7, prefixes: ["go", "gin"], topics: ["go", "golang", "kubernetes", "grpc"]),
        Language(name: "C++", weight: 5, prefixes: ["cpp", "qt"], topics: ["cpp", "cmake", "opengl", "game-engine"]),
        Language(name: "C", weight: 4, prefixes: ["lib", "c"], topics: ["c", "embedded", "linux", "kernel"]),
        Language(name: "Ruby", weight: 4, prefixes: ["rb", "rails", "jekyll"], topics: ["ruby", "rails", "gem"]),
        Language(name: "PHP", weight: 4, prefixes: ["php", "laravel", "wp"], topics: ["php", "laravel", "wordpress"]),
        Language(name: "C#", weight: 4, prefixes: ["dotnet", "unity"], topics: ["csharp", "dotnet", "unity"]),
        Language(name: "Shell", weight: 4, prefixes: ["sh", "bash"], topics: ["shell", "bash", "zsh", "dotfiles"]),
        Language(name: "Rust", weight: 4, prefixes: ["rs", "rust"], topics: ["rust", "cli", "webassembly", "tokio"]),
        Language(name: "Swift", weight: 3, prefixes: ["swift", "ios"], topics: ["swift", "ios", "swiftui", "macos"]),
        Language(name: "Kotlin", weight: 2, prefixes: ["kt", "android"],
                 topics: ["kotlin", "android", "jetpack-compose"]),
        Language(name: "HTML", weight: 3, prefixes: ["web", "site"], topics: ["html", "css", "website"]),
        Language(name: "Jupyter Notebook", weight: 2, prefixes: ["notebook"],
                 topics: ["jupyter-notebook", "data-science", "deep-learning"]),
        Language(name: "Haskell", weight: 1, prefixes: ["hs"], topics: ["haskell", "functional-programming"]),
        Language(name: "Lua", weight: 1, prefixes: ["nvim", "lua"], topics: ["lua", "neovim", "neovim-plugin"]),
    ]

    /// Repositories with no detectable language (empty, docs only, binaries).
    static let noLanguageWeight = 10

    static let generalTopics = [
        "cli", "api", "library", "open-source", "hacktoberfest", "tutorial", "docker", "testing", "database",
        "automation", "self-hosted", "awesome", "hacktoberfest2021", "education", "game", "security",
    ]

    static let nouns = [
        "parser", "router", "cache", "cli", "toolkit", "server", "client", "sdk", "notes", "bot", "scraper",
        "dashboard", "engine", "compiler", "linter", "formatter", "tracker", "wiki", "api", "app", "kit",
        "utils", "config", "scripts", "website", "game", "emulator", "shell", "db", "queue", "scheduler",
        "proxy", "crawler", "renderer", "viewer", "editor", "plugin", "theme", "template", "starter",
        "benchmark", "playground", "sandbox", "demo", "examples", "workshop", "tutorial", "homework", "tools",
    ]

    static let adjectives = [
        "tiny", "fast", "simple", "minimal", "awesome", "lazy", "micro", "super", "smart", "open", "better",
        "little", "quick", "modern", "async", "pure", "safe", "lightweight", "experimental", "yet-another",
    ]

    /// What a project is for, in descriptions ("A tiny parser for Markdown").
    static let domains = [
        "JSON", "Markdown", "HTTP", "WebSockets", "Kubernetes", "Docker", "PostgreSQL", "SQLite", "Redis",
        "GraphQL", "OAuth", "CSV files", "images", "audio", "PDF files", "log files", "time series",
        "machine learning", "the terminal", "Raspberry Pi", "Arduino", "Neovim", "Emacs", "VS Code", "Slack",
        "Discord", "Telegram", "GitHub Actions", "AWS", "home automation", "static sites", "email",
    ]

    /// Names of famous projects people fork.
    static let forkedProjects = [
        "linux", "react", "rails", "django", "vscode", "tensorflow", "kubernetes", "bootstrap", "node", "go",
        "rust", "flask", "homebrew-core", "dotfiles", "awesome-python", "free-programming-books", "first-contributions",
    ]

    /// Names that do not follow the adjective/noun patterns.
    static let personalProjects = ["dotfiles", "blog", "notes", "resume", "til", "learning", "config", "homelab"]
}
