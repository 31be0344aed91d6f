import LoupeGeometry
import Testing

/// UIKit's `dimmingVisualEffect`: a blur over the covered page that follows the dimming.
@Suite("Dimming visual effect")
struct DimmingVisualEffectTests {
    @Test("the blur grows with the dimming's progress to the style's radius, and is 0 without a style")
    func blur_followsTheDimming() throws {
        let scene = Fixture.scene(options: ZoomOptions(dimmingVisualEffect: .systemMaterial))
        let plan = try Fixture.plan(scene)
        #expect(plan.dimmingVisualEffect == .systemMaterial)
        #expect(plan.keyframes.first?.blur == 0)
        #expect(plan.keyframes.last?.blur == BlurStyle.systemMaterial.radius)
        for keyframe in plan.keyframes {
            // The same share of its full value as the dimming's: blur / radius = dimming / strength.
            #expect(abs(keyframe.blur / 20 - keyframe.opacity.dimming / 0.15) < 1e-9)
        }
        let plain = try Fixture.plan(Fixture.scene())
        #expect(plain.dimmingVisualEffect == nil && plain.keyframes.allSatisfy { $0.blur == 0 })
    }

    @Test("a pop unblurs as it dims back; a transparent page ends unblurred, like its dimming")
    func blur_endsWithTheDimming() throws {
        let pop = try Fixture.plan(Fixture.scene(.pop, options: ZoomOptions(dimmingVisualEffect: .dark)))
        #expect(pop.keyframes.first?.blur == 30 && pop.keyframes.last?.blur == 0)
        var destination = Destination(frame: Fixture.fullScreen, isOpaque: false, presentationStyle: .overFullScreen)
        destination.hasCloseButton = true
        let transparent = try Fixture.plan(Fixture.scene(.present, destination: destination, options: ZoomOptions(dimmingVisualEffect: .dark)))
        #expect(transparent.keyframes.last?.blur == 0)
        #expect((transparent.keyframes.map(\.blur).max() ?? 0) > 20)
    }

    @Test("materials grow from ultra-thin to chrome; light and dark variants blur like their material")
    func radii_areOrdered() {
        let materials: [BlurStyle] = [.systemUltraThinMaterial, .systemThinMaterial, .systemMaterial, .systemThickMaterial, .systemChromeMaterial]
        let radii = materials.map(\.radius)
        #expect(radii == radii.sorted() && Set(radii).count == radii.count)
        #expect(BlurStyle.systemThinMaterialDark.radius == BlurStyle.systemThinMaterial.radius)
        #expect(BlurStyle.allCases.allSatisfy { $0.radius > 0 })
    }

    @Test("a fallback carries no blur: the effect belongs to the zoom")
    func fallback_hasNoBlur() throws {
        let tvOS = try Fixture.plan(Fixture.scene(platform: Platform(os: .tvOS), options: ZoomOptions(dimmingVisualEffect: .regular)))
        #expect(tvOS.dimmingVisualEffect == nil && tvOS.keyframes.allSatisfy { $0.blur == 0 })
    }
}
