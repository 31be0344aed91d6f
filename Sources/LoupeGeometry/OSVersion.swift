/// A dotted OS version, compared numerically ("18.2" > "18.10" is false).
public struct OSVersion: Sendable, Hashable, Comparable {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(major: Int, minor: Int = 0, patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses "18", "18.1" or "18.1.2" (ASCII digits; a part too large for an `Int` is refused);
    /// `nil` for anything else. Read byte by byte: every plan request carries a version.
    public init?(_ text: String) {
        var finished: (major: Int, minor: Int) = (0, 0)  // the parts before the current one
        var part = 0
        var value = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, part < 2 else { return nil }
                if part == 0 { finished.major = value } else { finished.minor = value }
                part += 1
                value = 0
                digits = 0
                continue
            }
            guard (48...57).contains(byte) else { return nil }
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = tens.addingReportingOverflow(Int(byte - 48))
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
            digits += 1
        }
        guard digits > 0 else { return nil }
        switch part {
        case 0: self.init(major: value)
        case 1: self.init(major: finished.major, minor: value)
        default: self.init(major: finished.major, minor: finished.minor, patch: value)
        }
    }

    public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}
