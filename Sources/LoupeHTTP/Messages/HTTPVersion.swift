/// The protocol versions the server speaks: HTTP/1.0 and HTTP/1.1 (RFC 9112 §2.3).
public enum HTTPVersion: String, Sendable, Equatable {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"
}
