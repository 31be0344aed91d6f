/// An exchange and the work the application handed over for it: what a compute job runs.
struct PendingWork: Sendable {
    let exchange: Exchange
    let work: @Sendable () -> HTTPResponse

    /// Runs the work and appends its answer.
    /// - Returns: whether the connection stays open after it.
    func run(writer: inout ResponseWriter, into output: inout [UInt8]) -> Bool {
        exchange.finish(work(), writer: &writer, into: &output)
    }

    /// Answers `refusal` instead of running the work (no room for it).
    func refuse(_ refusal: TransportRefusal, writer: inout ResponseWriter, into output: inout [UInt8]) {
        exchange.refuse(refusal, writer: &writer, into: &output)
    }
}
