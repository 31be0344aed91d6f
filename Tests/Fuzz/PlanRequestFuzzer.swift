// libFuzzer entry point for request decoding, validation, planning and every rendering
// (built by scripts/fuzz against the planner and engine modules, not by SwiftPM's test build).
//
// Each input is offered to all three endpoints; whatever it is, decoding must end in an
// answer or a Problem, never a crash, a trap or a hang, and every rendering of an answer
// must succeed.

import LoupePlanner

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? RequestDocument.parse(body) else { return 0 }
    renderAll(PlanEndpoint.self, document)
    renderAll(LifecycleEndpoint.self, document)
    renderAll(TimelineEndpoint.self, document)
    return 0
}

private func renderAll<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ document: JSONValue) {
    guard let answer = try? Endpoint.compute(document) else { return }
    for format in Endpoint.formats {
        _ = Endpoint.render(answer, as: format)
    }
}
