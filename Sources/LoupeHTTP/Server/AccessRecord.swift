/// One finished exchange as the access log and the metrics read it.
public struct AccessRecord: Sendable {
    public var method: String
    public var path: String
    public var status: Int
    public var requestID: String
    public var peer: String
    /// Request bytes on the wire (head and body).
    public var bytesIn: Int
    /// Answer bytes queued (head and body).
    public var bytesOut: Int
    /// From the request's first byte to its answer being queued.
    public var microseconds: Int
    /// The application's name for the exchange (`HTTPResponse.label`), handed back untouched:
    /// the route a metric is counted under, decided when the request was handled.
    public var label: String?
}

extension AccessRecord {
    /// Microseconds from `startedAt` (a monotonic time) to now; 0 when unknown.
    static func microseconds(since startedAt: UInt64?) -> Int {
        let now = MonotonicClock.now()
        return Int((now &- (startedAt ?? now)) / 1000)
    }
}
