/// One file Loupe serves as it is: a file of the web page, or the contract.
///
/// Its bytes are compiled into the binary by SwiftPM (`.embedInCode` in Package.swift), so the
/// service needs no files on disk, works offline, and no generated copy lives in the repository:
/// editing a file here (or the top-level openapi.yaml, linked here) and building is enough.
public struct WebFile: Sendable {
    /// Where it is served.
    public let path: String
    public let contentType: String
    public let bytes: [UInt8]
}
