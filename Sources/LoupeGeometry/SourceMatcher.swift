/// SwiftUI's source matching, by the matchedTransitionSource guide §4: a matched transition needs
/// all four of (1) a view declaring `matchedTransitionSource`, (2) a destination declaring
/// `navigationTransition(.zoom(sourceID:in:))`, (3) the same id, (4) the same namespace. Ids must
/// be unique per namespace (the guide's §3.1, §8.3): duplicates make the source undefined.
public enum SourceMatcher {
    /// The outcome of matching.
    public enum Outcome: Sendable, Hashable {
        /// Exactly one source satisfies all four conditions.
        case matched(index: Int)
        /// No source does; the reason names the first condition that fails.
        case unmatched(Reason)
        /// Several sources share the id in the namespace (indices in input order).
        case duplicate(indices: [Int])
    }

    /// Which of the matchedTransitionSource guide's four conditions failed.
    public enum Reason: Sendable, Hashable {
        /// Condition 1: no `matchedTransitionSource` at all.
        case noSourcesDeclared
        /// Condition 2: the destination names no source id or namespace.
        case destinationNotDeclared
        /// Condition 3: no source has the destination's id.
        case idNotFound
        /// Condition 3 again, with a near miss: a source's id is the destination's text or number
        /// spelled as the other type (`"2"` for `2`), which is another id (index of the first such).
        case idDiffersInType(index: Int)
        /// Condition 4: a source has the id, but in another namespace (index of the first such).
        case namespaceMismatch(index: Int)
    }

    /// Matches `sources` against the destination's `sourceID` and `namespace`: ids by type and
    /// value (`SourceID`), namespaces by exact string equality.
    public static func match(_ sources: [MatchedSource], sourceID: SourceID?, namespace: String?) -> Outcome {
        guard !sources.isEmpty else { return .unmatched(.noSourcesDeclared) }
        guard let sourceID, let namespace else { return .unmatched(.destinationNotDeclared) }
        let sameID = sources.indices.filter { sources[$0].id == sourceID }
        guard let firstWithID = sameID.first else {
            if let near = sources.firstIndex(where: { $0.id.differsOnlyInType(from: sourceID) }) {
                return .unmatched(.idDiffersInType(index: near))
            }
            return .unmatched(.idNotFound)
        }
        let matches = sameID.filter { sources[$0].namespace == namespace }
        switch matches.count {
        case 0: return .unmatched(.namespaceMismatch(index: firstWithID))
        case 1: return .matched(index: matches[0])
        default: return .duplicate(indices: matches)
        }
    }

    /// Modifier names that change how the system reads the source's frame (matchedTransitionSource
    /// guide §8.2): scaleEffect, offset, rotation (rotationEffect, rotation3DEffect), clipShape,
    /// mask, containerShape.
    public static let artifactModifiers: Set<String> = [
        "scaleEffect", "offset", "rotationEffect", "rotation3DEffect", "clipShape", "mask", "containerShape"
    ]

    /// The artifact-causing modifiers among `modifiers`, in input order. Names are compared after
    /// dropping a leading "." and anything from "(" on, so ".scaleEffect(1.2)" counts.
    public static func artifacts(in modifiers: [String]) -> [String] {
        modifiers.compactMap { raw in
            var name = Substring(raw.trimmingWhitespace())
            if name.hasPrefix(".") { name = name.dropFirst() }
            if let paren = name.firstIndex(of: "(") { name = name[..<paren] }
            return artifactModifiers.contains(String(name)) ? String(name) : nil
        }
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
