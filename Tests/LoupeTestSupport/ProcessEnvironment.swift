import Foundation

/// Reads the test process's environment in one place, so tests stay free of Foundation noise.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}
