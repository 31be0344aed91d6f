/// Turns the scene's source input into one usable source frame, or none (zoom from the centre).
public enum SourceResolver {
    /// The source the zoom uses, and what the developer should know about how it was found.
    public struct Resolution: Sendable, Hashable {
        /// `nil` when the zoom runs from/to the container's centre.
        public var source: SourceView?
        /// The input that describes the chosen source (for later advisories about it).
        public var subject: AdvisorySubject
        public var advisories: [Advisory]
    }

    public static func resolve(_ input: SourceInput, destination: Destination) -> Resolution {
        switch input {
        case .missing:
            return Resolution(
                source: nil, subject: .source,
                advisories: [
                    missing(
                        "No source view was given (the provider returned nil), so the page zooms from and back to the centre of the container.",
                        subject: .source)
                ])
        case .view(let view):
            return checkedFrame(view, subject: .source, advisories: [])
        case .matched(let sources):
            return resolveMatched(sources, destination: destination)
        }
    }

    private static func resolveMatched(_ sources: [MatchedSource], destination: Destination) -> Resolution {
        switch SourceMatcher.match(sources, sourceID: destination.sourceID, namespace: destination.namespace) {
        case .matched(let index):
            let source = sources[index]
            var advisories: [Advisory] = []
            let artifacts = SourceMatcher.artifacts(in: source.modifiers)
            if !artifacts.isEmpty {
                advisories.append(
                    Advisory(
                        .geometryReadArtifacts,
                        "The matched source uses \(artifacts.joined(separator: ", ")), which changes how the system reads its frame; expect the zoom to start from the wrong place or scale. Apply these inside the source or move matchedTransitionSource outside them.",
                        subject: .sourceModifiers(index: index)))
            }
            return checkedFrame(
                SourceView(frame: source.frame, cornerRadius: source.cornerRadius, role: source.role, kind: source.kind),
                subject: .sources(index: index), advisories: advisories)
        case .duplicate(let indices):
            let id = sources[indices[0]].id
            return Resolution(
                source: nil, subject: .sources(index: indices[1]),
                advisories: [
                    Advisory(
                        .duplicateSourceID,
                        "Sources \(indices.map(String.init).joined(separator: ", ")) share the id \(id) in one namespace, so the system cannot tell which to zoom from; the page zooms from the centre. Give each source a unique id.",
                        subject: .sources(index: indices[1]))
                ])
        case .unmatched(let reason):
            let (text, subject): (String, AdvisorySubject) =
                switch reason {
                case .noSourcesDeclared:
                    ("No view declares matchedTransitionSource", .sourcesList)
                case .destinationNotDeclared:
                    ("The destination declares no navigationTransition(.zoom(sourceID:in:))", .destinationSourceID)
                case .idNotFound:
                    ("No matchedTransitionSource has the destination's sourceID", .destinationSourceID)
                case .idDiffersInType(let index):
                    (
                        "Source \(index)'s id \(sources[index].id) is the destination's sourceID \(destination.sourceID.map(String.init(describing:)) ?? "") as another type; SwiftUI ids match by type and value, so a number and a string never match",
                        .destinationSourceID
                    )
                case .namespaceMismatch(let index):
                    ("Source \(index) has the sourceID but a different namespace, and namespaces must match", .destinationNamespace)
                }
            return Resolution(
                source: nil, subject: subject,
                advisories: [
                    missing(
                        "\(text), so nothing matches and the page zooms from and back to the centre of the container.",
                        subject: subject)
                ])
        }
    }

    /// Sides below this (points) make a source frame degenerate, treated like one with no area.
    public static let smallestVisibleSide = 0.1

    private static func checkedFrame(_ view: SourceView, subject: AdvisorySubject, advisories: [Advisory]) -> Resolution {
        let frame = view.frame.standardized
        guard !frame.isEmpty else {
            return Resolution(
                source: nil, subject: subject,
                advisories: advisories + [
                    Advisory(
                        .emptySourceFrame,
                        "The source frame has no area (\(frame.width) × \(frame.height) pt), so there is nothing to zoom from; the page zooms from the centre instead.",
                        subject: subject)
                ])
        }
        // A side thinner than a tenth of a point is no visible view (a screen pixel is a third
        // of a point at most): zooming from it would scale the page by as little as 1e-300.
        guard frame.width >= Self.smallestVisibleSide && frame.height >= Self.smallestVisibleSide else {
            return Resolution(
                source: nil, subject: subject,
                advisories: advisories + [
                    Advisory(
                        .emptySourceFrame,
                        "The source frame is too small to see (\(frame.width) × \(frame.height) pt; a side under \(Self.smallestVisibleSide) pt), so there is nothing to zoom from; the page zooms from the centre instead.",
                        subject: subject)
                ])
        }
        return Resolution(
            source: SourceView(frame: frame, cornerRadius: max(0, view.cornerRadius), role: view.role, kind: view.kind),
            subject: subject, advisories: advisories)
    }

    private static func missing(_ message: String, subject: AdvisorySubject) -> Advisory {
        Advisory(.missingSource, message, subject: subject)
    }
}
