import Testing
import LoupeGeometry
import LoupeTestSupport

@Suite("Seeded properties over random scenes")
struct PropertyTests {
    /// A random but valid scene: any transition, container, frames (sources may be off-screen),
    /// alignment rect, fit mode, path, background mode, framework, spring, velocity and frame rate.
    static func randomScene(_ rng: inout SeededGenerator) -> ZoomScene {
        let width = rng.double(in: 300...1400), height = rng.double(in: 400...1400)
        let container = Container(
            width: width, height: height, displayCornerRadius: rng.double(in: 0...60),
            layoutDirection: rng.chance(0.5) ? .leftToRight : .rightToLeft)
        let destination: Rect =
            rng.chance(0.6)
            ? Rect(x: 0, y: 0, width: width, height: height)
            : Rect(
                x: rng.double(in: 0...50), y: rng.double(in: 0...80), width: rng.double(in: 100...(width - 50)),
                height: rng.double(in: 100...(height - 80)))
        let sourceFrame = Rect(
            x: rng.double(in: -300...(width + 100)), y: rng.double(in: -300...(height + 100)),
            width: rng.double(in: 1...width), height: rng.double(in: 1...height))
        let alignment: Rect? =
            rng.chance(0.5)
            ? Rect(
                x: rng.double(in: 0...(destination.width / 2)), y: rng.double(in: 0...(destination.height / 2)),
                width: rng.double(in: 10...(destination.width / 2)), height: rng.double(in: 10...(destination.height / 2)))
            : nil
        let framework: Framework = rng.chance(0.3) ? .swiftUI : .uiKit
        let source: SourceInput =
            rng.chance(0.1)
            ? .missing
            : framework == .swiftUI
                ? .matched([MatchedSource(id: "a", namespace: "n", frame: sourceFrame, cornerRadius: rng.double(in: 0...30))])
                : .view(SourceView(frame: sourceFrame, cornerRadius: rng.double(in: 0...30)))
        let spring =
            rng.chance(0.2)
            ? Spring(response: rng.double(in: 0.15...0.8), dampingRatio: 1)
            : Spring(response: rng.double(in: 0.15...0.8), dampingRatio: rng.double(in: 0.3...2.5))
        let os = rng.chance(0.85) ? OperatingSystem.iOS : rng.element(of: [OperatingSystem.tvOS, .visionOS, .macCatalyst])
        return ZoomScene(
            transition: rng.element(of: TransitionKind.allCases),
            platform: Platform(os: os, framework: framework),
            container: container,
            source: source,
            destination: Destination(
                frame: destination, alignmentRect: alignment, cornerRadius: rng.double(in: 0...40),
                isOpaque: rng.chance(0.7), presentationStyle: rng.element(of: PresentationStyle.allCases),
                sourceID: "a", namespace: "n"),
            animation: AnimationSettings(spring: spring, frameRate: Double(rng.int(in: 24...240)), initialVelocity: rng.double(in: -5...5)),
            options: ZoomOptions(
                fitMode: rng.chance(0.5) ? rng.element(of: FitMode.allCases) : nil,
                motionPath: rng.chance(0.5) ? .straight : .arc,
                backgroundMode: rng.chance(0.5) ? .zoom : .crossfade,
                dimming: Dimming(strength: rng.double(in: 0...1)))
        )
    }

    /// The numbers that must move continuously with progress.
    static func continuousFields(_ s: FrameState) -> [Double] {
        var fields = s.transform.values + [s.mask.rect.x, s.mask.rect.y, s.mask.rect.width, s.mask.rect.height, s.mask.cornerRadius]
        fields += [s.opacity.sourceContent, s.opacity.destination, s.opacity.dimming, s.shadow.opacity] + s.covered.values
        if let layers = s.layers {
            fields += [layers.content.mask.rect.x, layers.content.mask.rect.width, layers.content.mask.cornerRadius, layers.background.opacity]
        }
        return fields
    }

    @Test("random scenes have finite exact ends and no jumps beyond what the spring allows")
    func randomScenes_haveFiniteExactEndsAndNoJumpsBeyondWhatTheSpringAllows() throws {
        for seed in PropertySeeds.seeds(count: 200) {
            var rng = SeededGenerator(seed: seed)
            let scene = Self.randomScene(&rng)
            let plan = try GeometryEngine.plan(scene)
            let frames = plan.keyframes
            let dt = 1 / plan.frameRate
            #expect(!frames.isEmpty && frames.count <= 2_400, "seed \(seed)")

            // No NaN or infinity anywhere.
            #expect(frames.allSatisfy { $0.state.isFinite && $0.progress.isFinite && $0.time.isFinite }, "seed \(seed)")
            #expect(frames.allSatisfy { $0.opacity.values.allSatisfy { (0...1).contains($0) } }, "seed \(seed)")

            // Times: from zero, one frame apart, the last at the duration.
            #expect(frames[0].time == 0 && frames.last!.time == plan.duration, "seed \(seed)")
            #expect(zip(frames, frames.dropFirst()).allSatisfy { $1.time > $0.time && $1.time - $0.time <= dt + 1e-12 }, "seed \(seed)")

            // The final keyframe is exact: progress 1, the resting geometry at the journey's end.
            let last = frames.last!
            let restProgress = plan.isReverse ? 0.0 : 1.0
            #expect(last.progress == 1 && last.state == plan.geometry.restingState(atProgress: restProgress), "seed \(seed)")
            if plan.effect == .zoom {
                // As UIKit presents it: a popover in a compact environment is a form sheet.
                let presented = PopoverAdaptation.adapted(scene).scene
                let destination =
                    presented.destination.presentationStyle.isSheet && scene.transition.isModal
                    ? scene.container.bounds : scene.destination.frame
                let crossfade = scene.options.backgroundMode == .crossfade
                if !scene.transition.isReverse {
                    #expect(crossfade ? last.layers!.background.mask.rect == destination : last.mask.rect == destination, "seed \(seed)")
                    #expect(last.transform == .translation(destination.x, destination.y), "seed \(seed)")
                    if let source = plan.sourceFrame {
                        #expect(frames[0].mask.rect == source, "seed \(seed): first mask is the source frame")
                    }
                } else if let source = plan.sourceFrame {
                    #expect(close(last.mask.rect, source, 1e-9) && last.opacity.sourceSlot == 1, "seed \(seed)")
                }
            }

            // Continuity: |Δfield| ≤ L·max|v|·dt, with L the field's largest slope in progress.
            let solution = SpringSolution(spring: plan.spring, initialVelocity: scene.animation.initialVelocity)
            let maxSpeed = stride(from: 0.0, through: plan.duration, by: 1e-4).map { abs(solution.velocity(at: $0)) }.max()! * 1.02 + 1e-9
            let journey = frames.map(\.progress)
            let lo = journey.min()! - 0.01, hi = journey.max()! + 0.01
            let h = 1e-3
            var slopes = [Double](repeating: 0, count: Self.continuousFields(plan.state(atJourneyProgress: 0)).count)
            var q = lo
            while q < hi {
                let a = Self.continuousFields(plan.state(atJourneyProgress: q))
                let b = Self.continuousFields(plan.state(atJourneyProgress: q + h))
                for i in slopes.indices { slopes[i] = max(slopes[i], abs(b[i] - a[i]) / h) }
                q += h
            }
            for (a, b) in zip(frames, frames.dropFirst()) {
                #expect(abs(b.progress - a.progress) <= maxSpeed * dt, "seed \(seed): progress jump")
                let fa = Self.continuousFields(a.state), fb = Self.continuousFields(b.state)
                for i in fa.indices {
                    let allowed = slopes[i] * 1.05 * maxSpeed * dt + 1e-6 * max(1, abs(fa[i]))
                    #expect(abs(fb[i] - fa[i]) <= allowed, "seed \(seed): field \(i) jumps \(abs(fb[i] - fa[i])) > \(allowed)")
                }
            }
        }
    }

    @Test("random scenes plan deterministically") func randomScenes_planDeterministically() throws {
        for seed in PropertySeeds.seeds(count: 20) {
            var a = SeededGenerator(seed: seed), b = SeededGenerator(seed: seed)
            #expect(try GeometryEngine.plan(Self.randomScene(&a)) == GeometryEngine.plan(Self.randomScene(&b)))
        }
    }
}
