/// The release this binary is, reported by /version, `loupe version` and /metrics.
public enum BuildInfo {
    public static let name = "loupe"
    public static let version = "0.4.0"
    /// The API contract version (openapi.yaml's info.version).
    public static let apiVersion = "1.7.0"
}
