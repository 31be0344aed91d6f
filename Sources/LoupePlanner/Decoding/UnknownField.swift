import LoupeJSON

/// A member of the request no one reads, and the field it was most likely meant to be.
///
/// Why: an unknown field is usually a typo or a guess at the name (`sourceView` for `source`,
/// `cornerRadious`), and a warning that only says "check its spelling" leaves the reader to
/// find the right name in the contract (issue 45 §7).
public struct UnknownField: Sendable, Hashable, CustomStringConvertible {
    public var pointer: JSONPointer
    /// A field of the same object that the decoder asked for and did not find, close to this
    /// one's name (`UnknownField.likelyMeant`); nil when none is.
    public var suggestion: String?

    public init(pointer: JSONPointer, suggestion: String? = nil) {
        self.pointer = pointer
        self.suggestion = suggestion
    }

    public var description: String { pointer.description }

    /// The candidate `name` most likely stands for: one within two edits (a letter added,
    /// dropped, changed or two swapped), or, for names of four letters or more, one that the
    /// other begins with (`sourceView` → `source`, `anim` → `animation`); ties to the closer,
    /// then to the first asked for.
    static func likelyMeant(_ name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased().utf8)
        guard typed.count <= 64 else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let known = Array(candidate.lowercased().utf8)
            let prefix = min(typed.count, known.count) >= 4 && (typed.starts(with: known) || known.starts(with: typed))
            let distance = editDistance(typed, known)
            guard distance <= 2 || prefix else { continue }
            if best == nil || distance < best!.distance { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Edits (insertions, deletions, substitutions and swaps of neighbours) from `a` to `b`:
    /// the optimal string alignment distance.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
