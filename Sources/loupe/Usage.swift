import LoupeService

/// The `--help` text: every command, option and environment variable.
enum Usage {
    static var text: String {
        """
        loupe \(BuildInfo.version): zoom-transition plans over HTTP.

        USAGE
          loupe serve [options]     Run the HTTP service (the default command).
          loupe healthcheck [--port N]
                                    Exit 0 when the local service answers /healthz
                                    with 200 (the container's HEALTHCHECK).
          loupe version             Print the version.
          loupe help                Show this help.

        SERVE OPTIONS (flag, then environment variable; flags win)
        \(Setting.helpText)

        Exit codes: 0 after a clean shutdown (SIGTERM or SIGINT), 1 when the service cannot
        start (for example the port is taken), 2 for invalid configuration.
        """
    }
}
