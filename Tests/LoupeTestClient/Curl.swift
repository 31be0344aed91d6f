import CCurl
import Foundation

/// An answer as libcurl received it.
public struct CurlResponse: Sendable {
    public var status: Int
    /// Header fields of the final answer, in order, names as sent.
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public var text: String { String(decoding: body, as: UTF8.self) }

    /// The first value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}

public struct CurlError: Error, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var description: String { "curl error \(code): \(message)" }
}

/// A blocking HTTP client on libcurl, used by end-to-end tests to talk to the real server
/// over real sockets, exactly as an ordinary client would.
public enum Curl {
    private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    private final class Accumulator {
        var body: [UInt8] = []
        var headerLines: [String] = []
    }

    /// Performs one request on a fresh connection.
    ///
    /// - Parameters:
    ///   - headers: raw header lines such as "Content-Type: application/json".
    ///   - http10: send HTTP/1.0 instead of HTTP/1.1.
    public static func request(
        _ method: String = "GET", _ url: String, headers: [String] = [], body: [UInt8]? = nil,
        timeoutSeconds: Int = 10, http10: Bool = false
    ) throws -> CurlResponse {
        precondition(initialized, "curl_global_init failed")
        guard let handle = curl_easy_init() else { throw CurlError(code: -1, message: "curl_easy_init failed") }
        defer { curl_easy_cleanup(handle) }

        let accumulator = Accumulator()
        let box = Unmanaged.passRetained(accumulator)
        defer { box.release() }

        ccurl_setopt_string(handle, CURLOPT_URL, url)
        ccurl_setopt_long(handle, CURLOPT_TIMEOUT, timeoutSeconds)
        ccurl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        if http10 { ccurl_setopt_long(handle, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_0)) }
        ccurl_setopt_write_callback(handle, CURLOPT_WRITEFUNCTION) { pointer, size, count, user in
            let accumulator = Unmanaged<Accumulator>.fromOpaque(user!).takeUnretainedValue()
            let length = size * count
            pointer!.withMemoryRebound(to: UInt8.self, capacity: length) {
                accumulator.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
            }
            return length
        }
        ccurl_setopt_pointer(handle, CURLOPT_WRITEDATA, box.toOpaque())
        ccurl_setopt_write_callback(handle, CURLOPT_HEADERFUNCTION) { pointer, size, count, user in
            let accumulator = Unmanaged<Accumulator>.fromOpaque(user!).takeUnretainedValue()
            let length = size * count
            let line = pointer!.withMemoryRebound(to: UInt8.self, capacity: length) {
                String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
            }
            accumulator.headerLines.append(line)
            return length
        }
        ccurl_setopt_pointer(handle, CURLOPT_HEADERDATA, box.toOpaque())

        switch method {
        case "GET": break
        case "HEAD": ccurl_setopt_long(handle, CURLOPT_NOBODY, 1)
        default: ccurl_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method)
        }

        var list: UnsafeMutablePointer<curl_slist>?
        for header in headers { list = curl_slist_append(list, header) }
        defer { curl_slist_free_all(list) }
        if list != nil { ccurl_setopt_slist(handle, CURLOPT_HTTPHEADER, list) }

        let payload = body ?? []
        let code: CURLcode = payload.withUnsafeBytes { bytes in
            if body != nil {
                ccurl_setopt_pointer(
                    handle, CURLOPT_POSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!))
                ccurl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, bytes.count)
            }
            return curl_easy_perform(handle)
        }
        guard code == CURLE_OK else {
            throw CurlError(code: Int(code.rawValue), message: String(cString: curl_easy_strerror(code)))
        }
        var status = 0
        ccurl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        return CurlResponse(status: status, headers: parseHeaders(accumulator.headerLines), body: accumulator.body)
    }

    /// Keeps only the last response's fields (curl reports interim 100 responses too).
    private static func parseHeaders(_ lines: [String]) -> [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = []
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("HTTP/") {
                fields.removeAll()
                continue
            }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            fields.append((String(trimmed[..<colon]), String(trimmed[trimmed.index(after: colon)...]).trimmingCharacters(in: .whitespaces)))
        }
        return fields
    }
}
