import LoupeHTTP
import LoupeTestSupport

/// How a fixture's bytes are cut before they reach the parser: a parser must give the same
/// answer however `recv` happens to split the stream.
enum Split: CaseIterable, CustomStringConvertible {
    case whole
    case byteByByte
    case random

    var description: String {
        switch self {
        case .whole: return "whole"
        case .byteByByte: return "byte-by-byte"
        case .random: return "random"
        }
    }

    func chunks(of bytes: [UInt8], seed: UInt64 = 7) -> [[UInt8]] {
        switch self {
        case .whole:
            return [bytes]
        case .byteByByte:
            return bytes.map { [$0] }
        case .random:
            var generator = SeededGenerator(seed: seed)
            var chunks: [[UInt8]] = []
            var index = 0
            while index < bytes.count {
                let length = min(bytes.count - index, generator.int(in: 1...17))
                chunks.append(Array(bytes[index..<(index + length)]))
                index += length
            }
            return chunks
        }
    }
}

/// What feeding a byte stream produced.
struct FeedResult {
    var requests: [HTTPRequest] = []
    var continues = 0
    var error: HTTPParseError?
    /// Bytes left unconsumed at the end.
    var leftover = 0
}

/// Feeds `bytes` to a parser the way a connection does: append each chunk to the unread
/// buffer, parse until it needs more, drop what it consumed.
func feed(_ bytes: [UInt8], split: Split, limits: HTTPLimits = HTTPLimits(), seed: UInt64 = 7) -> FeedResult {
    var parser = RequestParser(limits: limits)
    var unread: [UInt8] = []
    var result = FeedResult()
    for chunk in split.chunks(of: bytes, seed: seed) {
        unread.append(contentsOf: chunk)
        while true {
            do {
                let step = try unread.withUnsafeBufferPointer { try parser.parse($0) }
                unread.removeFirst(step.consumed)
                switch step.outcome {
                case .needMoreData:
                    break
                case .sendContinue:
                    result.continues += 1
                    continue
                case .request(let request):
                    result.requests.append(request)
                    continue
                }
                break
            } catch let error as HTTPParseError {
                result.error = error
                return result
            } catch {
                return result
            }
        }
    }
    result.leftover = unread.count
    return result
}

func feed(_ text: String, split: Split, limits: HTTPLimits = HTTPLimits()) -> FeedResult {
    feed(Array(text.utf8), split: split, limits: limits)
}
