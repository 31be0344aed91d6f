@testable import LoupeHTTP
import Testing

@Suite("RequestIDGenerator")
struct RequestIDGeneratorTests {
    /// The counter's value from its base32 digits (a-z for 0-25, 2-7 for 26-31).
    static func value(_ digits: Substring) -> UInt64? {
        var value: UInt64 = 0
        for byte in digits.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = value << 5 | UInt64(byte - UInt8(ascii: "a"))
            case UInt8(ascii: "2")...UInt8(ascii: "7"): value = value << 5 | UInt64(byte - UInt8(ascii: "2") + 26)
            default: return nil
            }
        }
        return value
    }

    /// An id is the loop's 7-digit prefix, a hyphen, and the counter in at least 7 digits, all
    /// lowercase base32: what operators grep for across the access log and the X-Request-ID
    /// header, and 15 bytes, which a Swift string holds without allocating (issue 47 §3).
    @Test("ids are prefix-counter in lowercase base32, 15 bytes, one apart, the prefix the same")
    func idsAreBase32PrefixAndCounter() throws {
        var generator = RequestIDGenerator()
        var prefix: Substring?
        for expected in 1...300 {
            let id = generator.next()
            #expect(id.utf8.count == 15, "\(id)")
            #expect(RequestID.isWellFormed(id), "\(id)")
            let parts = id.split(separator: "-")
            try #require(parts.count == 2, "\(id)")
            #expect(parts[0].count == 7 && parts[1].count == 7, "\(id)")
            #expect(Self.value(parts[0]) != nil, "\(id)")
            #expect(Self.value(parts[1]) == UInt64(expected), "\(id)")
            if let prefix { #expect(parts[0] == prefix) }
            prefix = parts[0]
        }
        // Two generators (two loops) start from different random prefixes (35 bits: a clash in
        // this test is a one in 34 billion chance).
        var other = RequestIDGenerator()
        #expect(other.next().split(separator: "-")[0] != prefix)
    }

    @Test("the counter widens past seven digits instead of wrapping, up to the largest")
    func counterWidens() {
        var generator = RequestIDGenerator()
        generator.skip(to: (1 << 35) - 1)
        let id = generator.next()
        #expect(id.split(separator: "-")[1] == "baaaaaaa", "\(id)")
        generator.skip(to: UInt64.max - 1)
        let widest = generator.next()
        #expect(Self.value(widest.split(separator: "-")[1]) == UInt64.max, "\(widest)")
        #expect(RequestID.isWellFormed(widest))
    }
}
