/// A seeded pseudo-random generator (SplitMix64) with the few samplers the snapshot needs.
///
/// The generator uses no system randomness and no libm functions (only +, *, / and sqrt, which
/// IEEE 754 rounds identically everywhere), so a seed yields the same snapshot on every machine.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (Lemire's multiply-shift; its bias is below 2^-40 for our bounds).
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "bound must be positive")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    mutating func chance(_ probability: Double) -> Bool {
        unit() < probability
    }

    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }

    /// Picks by integer weight: `[("MIT", 35), ("Apache-2.0", 15)]`.
    mutating func weighted<Element>(_ choices: [(Element, Int)]) -> Element {
        var ticket = below(choices.reduce(0) { $0 + $1.1 })
        for (element, weight) in choices {
            if ticket < weight { return element }
            ticket -= weight
        }
        return choices[choices.count - 1].0
    }

    /// A heavy-tailed count (Lomax, shape 1): half the values fall below `median`, and the chance
    /// of exceeding x decays like median / x, as follower and star counts do.
    mutating func heavyTailed(median: Double, cap: Int) -> Int {
        let u = 1 - unit()  // (0, 1]
        return min(cap, Int(median * (1 / u - 1)))
    }

    /// A count with a lighter tail (Lomax, shape 2): median ≈ 0.41 × scale, mean = scale.
    mutating func moderatelyTailed(scale: Double, cap: Int) -> Int {
        let u = 1 - unit()
        return min(cap, Int(scale * (1 / u.squareRoot() - 1)))
    }

    /// A sample of up to `count` distinct elements, in their original order.
    mutating func distinct<Element>(_ count: Int, of elements: [Element]) -> [Element] {
        var chosen = Array(repeating: false, count: elements.count)
        var remaining = min(count, elements.count)
        while remaining > 0 {
            let index = below(elements.count)
            if !chosen[index] {
                chosen[index] = true
                remaining -= 1
            }
        }
        return elements.indices.filter { chosen[$0] }.map { elements[$0] }
    }
}
