import Foundation
import LoupeTestSupport
import LoupeTimeline
import Testing

/// Issue 46 §6: the web page's gestures.js tracks a finger with `MODEL`, a hand copy of the Swift
/// `GestureModel.measured` constants, so its pose at the release is the one the timeline engine
/// computes. Nothing compared them: this test fails when a constant differs, or when the page
/// gains one the Swift model does not have.
@Suite("The page's gesture constants are the Swift model's")
struct GestureModelMirrorTests {
    /// `MODEL`'s members in gestures.js, by name.
    static func pageModel() throws -> [String: Double] {
        let text = String(decoding: try Repository.bytes("Sources/LoupeWeb/gestures.js"), as: UTF8.self)
        guard let start = text.range(of: "export const MODEL = {"), let end = text.range(of: "};", range: start.upperBound..<text.endIndex)
        else { return [:] }
        var found: [String: Double] = [:]
        for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("//"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[..<colon])
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " ,"))
            if let number = Double(value) { found[name] = number }
        }
        return found
    }

    @Test("issue 46 §6: every MODEL constant in gestures.js equals GestureModel.measured's")
    func pageConstants_equalTheSwiftModel() throws {
        let model = GestureModel.measured
        let swift: [String: Double] = [
            "panSlop": model.panSlop, "panScalePerHeight": model.panScalePerHeight, "panLinearTravel": model.panLinearTravel,
            "panScaleFloor": model.panScaleFloor, "sidewaysGain": model.sidewaysGain, "sidewaysLimit": model.sidewaysLimit,
            "pinchDeadZone": model.pinchDeadZone, "edgeZone": model.edgeZone, "edgeDeadZone": model.edgeDeadZone,
            "edgeScalePerWidth": model.edgeScalePerWidth, "edgeVerticalFollow": model.edgeVerticalFollow,
            "pinchMinimumScale": model.pinchMinimumScale, "trackingOmega": model.trackingSpring.naturalFrequency
        ]
        let page = try Self.pageModel()
        #expect(page.count >= 13, "gestures.js's MODEL was not found or read: \(page)")
        for (name, value) in page {
            let wanted = try #require(swift[name], "gestures.js has \(name), which the test does not map to GestureModel")
            #expect(abs(value - wanted) < 1e-9, "\(name): the page has \(value), GestureModel.measured \(wanted)")
        }
    }
}
