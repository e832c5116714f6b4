/// Word lists the generator draws people and organisations from.
enum PeopleVocabulary {
    static let firstNames = [
        "Tom", "Anna", "James", "Maria", "Wei", "Priya", "Lukas", "Sofia", "Hiroshi", "Fatima", "Carlos", "Emma",
        "Ivan", "Olga", "Mohammed", "Aisha", "Daniel", "Chloé", "Kenji", "Yuki", "Raj", "Ananya", "Pedro", "Ana",
        "José", "Lucía", "Mateo", "Camila", "Noah", "Mia", "Liam", "Zoë", "Søren", "Björn", "Ingrid", "Łukasz",
        "Agnieszka", "François", "Amélie", "Jürgen", "Lena", "Tomás", "Sven", "Elif", "Mehmet", "Ji-woo",
        "Min-jun", "Thanh", "Linh", "Kwame", "Amara", "Chinedu", "Ngozi", "Oliver", "Charlotte", "Jack", "Grace",
        "Ethan", "Ava", "Sam", "Alex", "Chris", "Kim", "Jordan", "Taylor", "Robin", "Andrea", "Nikolai", "Dmitri",
        "Tatiana", "Giulia", "Marco", "Francesca", "Henrik", "Astrid", "Tommy", "Thomas", "Timo", "Nina", "Omar",
        "Layla", "Yusuf", "Sara", "David", "Rachel", "Ben", "Hannah", "Arjun", "Meera", "Hugo", "Inès",
    ]

    static let lastNames = [
        "Smith", "Müller", "Zhang", "Wang", "Li", "Kumar", "Sharma", "Silva", "Santos", "García", "Rodríguez",
        "Martin", "Bernard", "Rossi", "Bianchi", "Nowak", "Kowalski", "Ivanov", "Petrov", "Kim", "Park", "Lee",
        "Nguyen", "Tran", "Tanaka", "Suzuki", "Sato", "Yamamoto", "Okafor", "Mensah", "Hansen", "Johansson",
        "Andersson", "Nielsen", "Virtanen", "de Vries", "Jansen", "Novák", "Horváth", "Yılmaz", "Kaya", "Cohen",
        "Levi", "Haddad", "Khan", "Ali", "Hassan", "Brown", "Johnson", "Williams", "Jones", "Miller", "Davis",
        "Wilson", "Taylor", "Anderson", "Thomas", "Moore", "Clark", "Walker", "Young", "King", "Wright", "Scott",
        "Green", "Baker", "Adams", "Nelson", "Carter", "Mitchell", "Turner", "Fischer", "Weber", "Schneider",
        "Dubois", "Lefebvre", "Moreau", "Fernández", "López", "Pérez", "Gómez", "Costa", "Oliveira", "Tomlinson",
    ]

    /// Words for handles of people who set no display name ("pixelninja42").
    static let handleWords = [
        "code", "dev", "hack", "ninja", "pixel", "byte", "null", "void", "lambda", "kernel", "rusty", "octo",
        "cyber", "neo", "zen", "retro", "quantum", "dark", "lazy", "tiny", "captain", "mr", "the", "iam", "real",
        "blue", "red", "green", "fox", "owl", "cat", "panda", "wolf", "tomato", "atom", "bit", "stack", "loop",
    ]

    static let locations = [
        "San Francisco, CA", "Berlin, Germany", "London, UK", "Paris, France", "Tokyo, Japan", "Bangalore, India",
        "São Paulo, Brazil", "Toronto, Canada", "Seattle, WA", "New York, NY", "Amsterdam, Netherlands",
        "Stockholm, Sweden", "Beijing, China", "Shanghai, China", "Seoul, South Korea", "Sydney, Australia",
        "Melbourne, Australia", "Austin, TX", "Portland, OR", "Boston, MA", "Chicago, IL", "Madrid, Spain",
        "Barcelona, Spain", "Lisbon, Portugal", "Warsaw, Poland", "Prague, Czech Republic", "Kyiv, Ukraine",
        "Istanbul, Turkey", "Tel Aviv, Israel", "Lagos, Nigeria", "Nairobi, Kenya", "Cape Town, South Africa",
        "Cairo, Egypt", "Mexico City, Mexico", "Buenos Aires, Argentina", "Bogotá, Colombia", "Santiago, Chile",
        "Singapore", "Jakarta, Indonesia", "Manila, Philippines", "Hanoi, Vietnam", "Bangkok, Thailand",
        "Taipei, Taiwan", "Hong Kong", "Zürich, Switzerland", "Vienna, Austria", "Munich, Germany",
        "Dublin, Ireland", "Edinburgh, Scotland", "Oslo, Norway", "Helsinki, Finland", "Copenhagen, Denmark",
        "Montréal, Canada", "Vancouver, BC", "Hyderabad, India", "Pune, India", "Shenzhen, China", "Osaka, Japan",
        "Earth", "Remote", "localhost", "The Internet",
    ]

    static let companies = [
        "@github", "@google", "@microsoft", "Mozilla", "@shopify", "Stripe", "@netflix", "Red Hat", "Canonical",
        "@gitlabhq", "JetBrains", "Spotify", "Freelance", "Self-employed", "University of Cambridge", "MIT",
        "ETH Zürich", "Tsinghua University", "@vercel", "@cloudflare", "@elastic", "@hashicorp", "DigitalOcean",
        "Atlassian", "SAP", "Zalando", "Booking.com", "Alibaba", "Tencent", "Infosys", "Mercado Libre", "Grab",
    ]

    static let bioPhrases = [
        "Software engineer", "Open source enthusiast", "Building things for the web", "Backend developer",
        "Coffee addict", "Full-stack developer", "Student", "Maintainer of a few small tools", "Rustacean",
        "Pythonista", "iOS developer", "Android developer", "DevOps engineer", "Data scientist", "Game developer",
        "Security researcher", "I like compilers", "Machine learning researcher", "Hobbyist programmer",
        "Designer who codes", "Making computers do things", "Functional programming fan", "Vim user",
        "Emacs user", "Distributed systems", "Teaching kids to code", "Ex-physicist", "Tinkerer",
    ]

    static let organizationWords = [
        "Acme", "Nimbus", "Quartz", "Orbit", "Lumen", "Harbor", "Cobalt", "Juniper", "Atlas", "Vertex", "Pixel",
        "Beacon", "Summit", "Maple", "Falcon", "Tidal", "Ember", "Polar", "Granite", "Cedar", "Open Source",
        "Kernel", "Async", "Tom's", "Octave", "Prism", "Delta", "Nova", "Lattice", "Meridian",
    ]

    static let organizationSuffixes = [
        "Labs", "Software", "Systems", "Studio", "Collective", "Foundation", "Project", "HQ", "Technologies", "Dev",
    ]

    static let organizationBios = [
        "Open source tools for developers", "We build developer infrastructure", "Community-maintained libraries",
        "Research software from our lab", "Making the web faster", "Tools for data teams", "A home for our projects",
    ]

    /// Lower-cases a display name and keeps the letters and digits a login may contain.
    static func loginFragment(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            let folded = foldedLetters[scalar] ?? scalar
            if ("a"..."z").contains(folded) || ("0"..."9").contains(folded) {
                result.unicodeScalars.append(folded)
            }
        }
        return result
    }

    private static let foldedLetters: [Unicode.Scalar: Unicode.Scalar] = [
        "á": "a", "à": "a", "ä": "a", "å": "a", "ã": "a", "ç": "c", "é": "e", "è": "e", "ë": "e", "í": "i",
        "ı": "i", "ł": "l", "ñ": "n", "ó": "o", "ö": "o", "ø": "o", "ş": "s", "ú": "u", "ü": "u", "ğ": "g",
    ]
}
