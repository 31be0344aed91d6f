import LoupeGeometry
import LoupeJSON
import LoupePlanner
import Testing

/// Requests and helpers shared by the planner tests (an iPhone-sized 393 × 852 container).
enum Fixture {
    /// The smallest valid plan request.
    static let minimal = #"{"transition":"push","container":{"width":393,"height":852}}"#

    /// A UIKit push from a 110 pt square thumbnail onto a full-screen page with a square header.
    static let push = """
        {"transition":"push","container":{"width":393,"height":852,"cornerRadius":55},
         "source":{"frame":{"x":16,"y":120,"width":110,"height":110},"cornerRadius":8},
         "destination":{"frame":{"x":0,"y":0,"width":393,"height":852},"alignmentRect":{"x":0,"y":0,"width":393,"height":393}}}
        """

    /// A SwiftUI push (or `transition`) matching the first of two gallery photos, which carries
    /// `members` after its corner radius (JSON text starting with a comma, or empty): how a test
    /// gives the matched source's configuration.
    static func swiftUIGallery(firstSourceMembers members: String, transition: String = "push") -> String {
        """
        {"transition":"\(transition)","platform":{"os":"iOS","version":"18.0","framework":"SwiftUI"},
         "container":{"width":393,"height":852,"cornerRadius":55},
         "sources":[{"id":"photo-1","namespace":"gallery","frame":{"x":16,"y":120,"width":176,"height":176},"cornerRadius":12\(members)},
                    {"id":"photo-2","namespace":"gallery","frame":{"x":201,"y":120,"width":176,"height":176},"cornerRadius":12}],
         "destination":{"sourceID":"photo-1","namespace":"gallery"}}
        """
    }

    /// The timeline request that pushes the plan request `request` (a push) from the source's page
    /// at time 0: its scene with the one app call.
    static func timelinePushing(_ request: String) -> String {
        let scene = request.replacingOccurrences(of: ##""transition":"push","##, with: "")
        return String(scene.dropLast()) + ##","initial":"source","events":[{"time":0,"type":"push"}]}"##
    }

    /// The body of `request` with `members` added at the top level (`members` is JSON text
    /// without braces, e.g. `"options":{"strict":true}`).
    static func adding(_ members: String, to request: String = push) -> String {
        guard let brace = request.lastIndex(of: "}") else { return request }
        return String(request[..<brace]) + "," + members + "}"
    }

    static func decode(_ json: String) throws -> PlanRequest {
        try PlanRequestDecoder.decode(try RequestDocument.parse(Array(json.utf8)))
    }

    /// The plan answer, parsed.
    static func plan(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let bytes = try PlanEndpoint.answer(body: Array(json.utf8))
        return try JSONReader.parse(bytes)
    }

    /// The problem `body` fails with, or nil when it succeeds.
    static func problem(_ json: String, endpoint: ([UInt8]) throws(Problem) -> [UInt8] = PlanEndpoint.answer) -> Problem? {
        do {
            _ = try endpoint(Array(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    static func pointers(_ problem: Problem?) -> [String] {
        problem?.errors.map(\.pointer) ?? []
    }

    static func warnings(_ answer: JSONValue) -> [(code: String, pointer: String)] {
        guard case .array(let items)? = answer["warnings"] else { return [] }
        return items.compactMap { item in
            guard case .string(let code)? = item["code"], case .string(let pointer)? = item["pointer"] else { return nil }
            return (code, pointer)
        }
    }
}

extension JSONValue {
    var number: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var array: [JSONValue] {
        if case .array(let values) = self { return values }
        return []
    }

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    subscript(index: Int) -> JSONValue? {
        let values = array
        return values.indices.contains(index) ? values[index] : nil
    }
}
