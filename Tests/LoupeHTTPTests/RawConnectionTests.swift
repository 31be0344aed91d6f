import Foundation
import LoupeHTTP
import LoupeTestClient
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The test client's own contract, which every socket test leans on.
@Suite("RawConnection")
struct RawConnectionTests {
    /// Regression: a refused connect closed its descriptor, and then the object's deinit closed
    /// the same number again (a class whose throwing init has set every property is deinitialised).
    /// By then the number could belong to another test's socket, even a server's listener: a
    /// test elsewhere saw "couldn't connect" from a server that was running.
    @Test("a refused connect closes its descriptor once, never a number another thread has reused")
    func refusedConnect_closesItsDescriptorOnce() throws {
        let closedPort = try Self.portWithNothingListening()
        let stop = Locked(false)
        let stolen = Locked(0)
        let opener = Thread {
            while !stop.current {
                let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
                guard fd >= 0 else { continue }
                // Held open briefly: if a refused connect closes it meanwhile, it is gone (and
                // not closed here, as its number may already be someone else's again).
                var open = true
                for _ in 0..<50 where open { open = fcntl(fd, F_GETFD) >= 0 }
                if open { close(fd) } else { stolen.withLock { $0 += 1 } }
            }
        }
        opener.start()
        for _ in 0..<5_000 {
            #expect(throws: RawConnectionError.self) { _ = try RawConnection(port: closedPort) }
        }
        stop.withLock { $0 = true }
        #expect(stolen.current == 0, "\(stolen.current) descriptors of another thread were closed by refused connects")
    }

    /// A port that refuses connections: bound and released again.
    private static func portWithNothingListening() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw RawConnectionError.failed("bind") }
        return UInt16(bigEndian: address.sin_port)
    }
}
