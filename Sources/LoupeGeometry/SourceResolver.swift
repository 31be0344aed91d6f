import LoupeWarnings

/// Turns the scene's source input into one usable source frame, or none (zoom from the centre).
public enum SourceResolver {
    /// The source the zoom uses, and what the developer should know about how it was found.
    public struct Resolution: Sendable, Hashable {
        /// `nil` when the zoom runs from/to the container's centre.
        public var source: SourceView?
        /// The input that describes the chosen source (for later warnings about it).
        public var subject: GeometryWarningSubject
        public var warnings: [Warning<GeometryWarningCode>]
    }

    public static func resolve(_ input: SourceInput, destination: Destination) -> Resolution {
        switch input {
        case .missing:
            return Resolution(
                source: nil, subject: .source,
                warnings: [
                    missing(
                        "No source view was given (the provider returned nil), so the page zooms from and back to the centre of the container.",
                        subject: .source)
                ])
        case .view(let view):
            return checkedFrame(view, subject: .source, warnings: [])
        case .matched(let sources):
            return resolveMatched(sources, destination: destination)
        }
    }

    private static func resolveMatched(_ sources: [MatchedSource], destination: Destination) -> Resolution {
        switch SourceMatcher.match(sources, sourceID: destination.sourceID, namespace: destination.namespace) {
        case .matched(let index):
            let source = sources[index]
            var warnings: [Warning<GeometryWarningCode>] = []
            let artifacts = SourceMatcher.artifacts(in: source.modifiers)
            if !artifacts.isEmpty {
                warnings.append(
                    Warning<GeometryWarningCode>(
                        .geometryReadArtifacts,
                        "The matched source uses \(artifacts.joined(separator: ", ")), which changes how the system reads its frame; expect the zoom to start from the wrong place or scale. Apply these inside the source or move matchedTransitionSource outside them.",
                        subject: .sourceModifiers(index: index)))
            }
            return checkedFrame(
                SourceView(
                    frame: source.frame, cornerRadius: source.cornerRadius, role: source.role, kind: source.kind, background: source.background,
                    shadow: source.shadow),
                subject: .sources(index: index), warnings: warnings)
        case .duplicate(let indices):
            let id = sources[indices[0]].id
            return Resolution(
                source: nil, subject: .sources(index: indices[1]),
                warnings: [
                    Warning<GeometryWarningCode>(
                        .duplicateSourceID,
                        "Sources \(indices.map(String.init).joined(separator: ", ")) share the id \(id) in one namespace, so the system cannot tell which to zoom from; the page zooms from the centre. Give each source a unique id.",
                        subject: .sources(index: indices[1]))
                ])
        case .unmatched(let reason):
            let (text, subject): (String, GeometryWarningSubject) =
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
                warnings: [
                    missing(
                        "\(text), so nothing matches and the page zooms from and back to the centre of the container.",
                        subject: subject)
                ])
        }
    }

    /// Sides below this (points) make a source frame degenerate, treated like one with no area.
    public static let smallestVisibleSide = 0.1

    private static func checkedFrame(_ view: SourceView, subject: GeometryWarningSubject, warnings: [Warning<GeometryWarningCode>]) -> Resolution {
        let frame = view.frame.standardized
        guard !frame.isEmpty else {
            return Resolution(
                source: nil, subject: subject,
                warnings: warnings + [
                    Warning<GeometryWarningCode>(
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
                warnings: warnings + [
                    Warning<GeometryWarningCode>(
                        .emptySourceFrame,
                        "The source frame is too small to see (\(frame.width) × \(frame.height) pt; a side under \(Self.smallestVisibleSide) pt), so there is nothing to zoom from; the page zooms from the centre instead.",
                        subject: subject)
                ])
        }
        return Resolution(
            source: SourceView(
                frame: frame, cornerRadius: max(0, view.cornerRadius), role: view.role, kind: view.kind, background: view.background,
                shadow: view.shadow),
            subject: subject, warnings: warnings)
    }

    private static func missing(_ message: String, subject: GeometryWarningSubject) -> Warning<GeometryWarningCode> {
        Warning<GeometryWarningCode>(.missingSource, message, subject: subject)
    }
}
