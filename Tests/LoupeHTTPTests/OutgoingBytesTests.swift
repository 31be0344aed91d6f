import LoupeTestSupport
import Testing

@testable import LoupeHTTP

/// A connection's output as pieces (issue 47 §2): whatever is appended, written in part, taken
/// back or moved, the bytes owed are the bytes appended, in order; a large body is written from
/// the array it came in, not from a copy.
@Suite("OutgoingBytes")
struct OutgoingBytesTests {
    /// The bytes lent to a write, joined, and the address of each piece.
    static func lent(_ output: OutgoingBytes) -> (bytes: [UInt8], addresses: [UnsafeRawPointer?]) {
        output.withUnwrittenPieces { pieces in (pieces.flatMap { Array($0) }, pieces.map(\.baseAddress)) }
    }

    @Test("a large body is lent to the write from its own array, after its head; a small one is copied after it")
    func largeBodiesAreShared() {
        let body = [UInt8](repeating: 0x62, count: OutgoingBytes.sharedBodyBytes)
        var output = OutgoingBytes()
        output.append(copying: Array("head".utf8))
        output.append(body: body)
        let (bytes, addresses) = Self.lent(output)
        #expect(bytes == Array("head".utf8) + body)
        #expect(addresses.count == 2)
        #expect(addresses.last == body.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) }, "the body is not copied")

        var small = OutgoingBytes()
        small.append(copying: Array("head".utf8))
        small.append(body: Array(body.prefix(OutgoingBytes.sharedBodyBytes - 1)))
        #expect(Self.lent(small).addresses.count == 1, "a small body goes into the head's buffer")
    }

    @Test("once everything is written, the head's small buffer is kept for the next answer and a shared body is let go")
    func drainedOutputKeepsItsSmallBuffer() {
        var output = OutgoingBytes()
        output.append(copying: [UInt8](repeating: 0x61, count: 300))
        output.append(body: [UInt8](repeating: 0x62, count: 20_000))
        #expect(output.heldBytes >= 20_300)
        output.removeFirst(output.count)
        #expect(output.isEmpty)
        #expect(output.heldBytes >= 300 && output.heldBytes <= OutgoingBytes.retainedBufferBytes)
        output.append(copying: Array("next".utf8))
        #expect(Self.lent(output).bytes == Array("next".utf8))
    }

    @Test("more pieces than one write takes are lent 64 at a time, in order")
    func piecesPerWrite() {
        var output = OutgoingBytes()
        var expected: [UInt8] = []
        for index in 0..<100 {
            let body = [UInt8](repeating: UInt8(index), count: OutgoingBytes.sharedBodyBytes)
            output.append(body: body)
            expected += body
        }
        var written: [UInt8] = []
        while !output.isEmpty {
            let (bytes, addresses) = Self.lent(output)
            #expect(addresses.count <= OutgoingBytes.piecesPerWrite)
            written += bytes
            output.removeFirst(bytes.count)
        }
        #expect(written == expected)
    }

    /// Random appends, partial writes, answers taken back and pool answers moved in, beside a
    /// plain array of the same bytes.
    @Test(
        "any sequence of appends, partial writes, truncations and moves owes exactly the bytes a plain array would",
        arguments: PropertySeeds.seeds(count: 8))
    func behavesAsOneArray(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var output = OutgoingBytes()
        var model: [UInt8] = []
        var next: UInt8 = 0
        func bytes(_ count: Int) -> [UInt8] {
            (0..<count).map { _ in
                next &+= 1
                return next
            }
        }
        for _ in 0..<400 {
            switch generator.int(in: 0...5) {
            case 0:
                let head = bytes(generator.int(in: 0...300))
                output.append(copying: head)
                model += head
            case 1:
                let body = bytes(generator.element(of: [0, 10, OutgoingBytes.sharedBodyBytes - 1, OutgoingBytes.sharedBodyBytes, 9_000]))
                output.append(body: body)
                model += body
            case 2:
                // A write that takes part of what is owed, perhaps ending inside a piece.
                let lent = Self.lent(output).bytes
                #expect(lent == Array(model.prefix(lent.count)))
                let written = lent.isEmpty ? 0 : generator.int(in: 0...lent.count)
                output.removeFirst(written)
                model.removeFirst(written)
            case 3:
                // An answer taken back out (`Exchange.finish`'s refusal): the length before it.
                let kept = model.isEmpty ? 0 : generator.int(in: 0...model.count)
                output.truncate(to: kept)
                model.removeLast(model.count - kept)
            case 4:
                // An answer built on the pool, itself partly written before it moves (never in
                // the server, but the move must not lose the offset).
                var other = OutgoingBytes()
                let head = bytes(generator.int(in: 1...200))
                let body = bytes(generator.element(of: [5, 5_000]))
                other.append(copying: head)
                other.append(body: body)
                let skipped = generator.int(in: 0...3)
                other.removeFirst(skipped)
                output.append(other)
                model += (head + body).dropFirst(skipped)
            default:
                if model.isEmpty || generator.chance(0.3) {
                    output.removeFirst(output.count)
                    model.removeAll()
                }
            }
            #expect(output.count == model.count)
            #expect(output.joined == model)
        }
    }
}
