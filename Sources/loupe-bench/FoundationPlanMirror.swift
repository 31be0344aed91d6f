import Foundation
import LoupeGeometry
import LoupeHTTP
import LoupeJSON
import LoupePlanner
import LoupeService

/// The plan's keyframes as Codable values, so Foundation's JSONEncoder can encode the same
/// content as Loupe's writer for comparison.
struct FoundationPlanMirror: Encodable {
    struct Frame: Encodable {
        var time: Double
        var progress: Double
        var transform: [Double]
        var mask: [String: Double]
        var opacity: [String: Double]
        var shadow: [String: Double]
        var covered: [Double]
    }

    var effect: String
    var duration: Double
    var frameRate: Double
    var keyframes: [Frame]

    init(_ plan: ZoomPlan) {
        effect = "\(plan.effect)"
        duration = plan.duration
        frameRate = plan.frameRate
        keyframes = plan.keyframes.map { keyframe in
            Frame(
                time: keyframe.time, progress: keyframe.progress, transform: keyframe.transform.values,
                mask: [
                    "x": keyframe.mask.rect.x, "y": keyframe.mask.rect.y, "width": keyframe.mask.rect.width,
                    "height": keyframe.mask.rect.height, "cornerRadius": keyframe.mask.cornerRadius
                ],
                opacity: [
                    "sourceSlot": keyframe.opacity.sourceSlot, "sourceContent": keyframe.opacity.sourceContent,
                    "destination": keyframe.opacity.destination, "dimming": keyframe.opacity.dimming,
                    "background": keyframe.opacity.background
                ],
                shadow: ["radius": keyframe.shadow.radius, "opacity": keyframe.shadow.opacity, "offsetY": keyframe.shadow.offsetY],
                covered: keyframe.covered.values)
        }
    }
}
