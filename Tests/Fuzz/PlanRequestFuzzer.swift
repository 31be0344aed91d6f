// libFuzzer entry point for request decoding, validation, planning and every rendering
// (built by scripts/fuzz against the planner and engine modules, not by SwiftPM's test build).
//
// Each input is offered to all four endpoints (plans, lifecycle, timelines, conformance); whatever it is, decoding must end in an
// answer or a Problem, never a crash, a trap or a hang, and every rendering of an answer
// must succeed within the work limit (the corpus has many-member objects, deep and wide
// arrays: the inputs that once cost quadratic time).

import LoupeJSON
import LoupePlanner

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Array(UnsafeBufferPointer(start: data, count: size))
    guard let document = try? RequestDocument.parse(body) else { return 0 }
    renderAll(PlanEndpoint.self, document)
    renderAll(LifecycleEndpoint.self, document)
    renderAll(TimelineEndpoint.self, document)
    renderAll(ConformanceEndpoint.self, document)
    return 0
}

private func renderAll<Endpoint: RenderedEndpoint>(_ endpoint: Endpoint.Type, _ document: JSONDocument) {
    let limits = WorkLimits.standard
    for format in Endpoint.formats {
        guard let bytes = try? Endpoint.answer(document, as: format, limits: limits) else { continue }
        if bytes.count > limits.maxAnswerBytes { fatalError("an answer of \(bytes.count) bytes passed the work limit") }
    }
}
