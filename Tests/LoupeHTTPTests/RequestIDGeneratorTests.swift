@testable import LoupeHTTP
import Testing

@Suite("RequestIDGenerator")
struct RequestIDGeneratorTests {
    /// An id is the loop's 16-hex-digit prefix, a hyphen, and the counter in at least 8 lowercase
    /// hex digits: what operators grep for across the access log and the X-Request-ID header.
    @Test("ids are prefix-counter in lowercase hex, one apart, the prefix the same")
    func idsAreHexPrefixAndCounter() throws {
        var generator = RequestIDGenerator()
        var prefix: Substring?
        for expected in 1...300 {
            let id = generator.next()
            let parts = id.split(separator: "-")
            try #require(parts.count == 2, "\(id)")
            #expect(parts[0].count == 16 && parts[1].count == 8, "\(id)")
            #expect(id.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || $0 == 0x2D }, "\(id)")
            #expect(UInt64(parts[1], radix: 16) == UInt64(expected), "\(id)")
            if let prefix { #expect(parts[0] == prefix) }
            prefix = parts[0]
        }
        // Two generators (two loops) start from different random prefixes.
        var other = RequestIDGenerator()
        #expect(other.next().split(separator: "-")[0] != prefix)
    }

    @Test("the counter widens past eight hex digits instead of wrapping")
    func counterWidens() {
        var generator = RequestIDGenerator()
        generator.skip(to: 0xFFFF_FFFF)
        let id = generator.next()
        #expect(id.split(separator: "-")[1] == "100000000", "\(id)")
    }
}
