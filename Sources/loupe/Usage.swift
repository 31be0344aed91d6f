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
          loupe plan [--format F] [FILE|-]
                                    Print the POST /v1/plans answer for a request file (- or
                                    nothing: standard input), byte for byte as the service;
                                    F is json (default), css, waapi, svg,
                                    view-transition or lottie, in any case.
          loupe lifecycle [--format F] [FILE|-]
                                    The same for POST /v1/lifecycle (json or svg).
          loupe timeline [FILE|-]   The same for POST /v1/timelines (json).
          loupe check [--format F] [FILE|-]
                                    Judge a POST /v1/conformance request without a
                                    server: F is text (default: one line), json or
                                    junit. Exit 0 when the recording conforms, 1 when
                                    it does not, 2 for a bad request (its problem JSON
                                    on stderr) or a usage error.
          loupe version             Print the version.
          loupe help                Show this help.

        SERVE OPTIONS (flag, then environment variable; flags win)
        \(Setting.helpText)

        Numbers are decimal digits; seconds may have a fraction (0.25) and are at most \(Int(Setting.longestSeconds));
        the timeouts, --shutdown-grace and --body-deadline are at least \(Setting.shortestTimeout) (deadlines are
        checked every 5 ms at the finest). An invalid value is named as given: flag or variable.

        Exit codes: 0 after a clean shutdown (SIGTERM or SIGINT), 1 when the service cannot
        start (for example the port is taken), 2 for invalid configuration.
        plan, lifecycle and timeline: 0 with the answer on stdout; 1 with the problem JSON (the 4xx body
        the service would send) on stderr, for an empty or invalid request and for one over
        1 MiB (the service's default --max-body-bytes: its 413 body-too-large problem; no more
        than that is read); 2 for an unknown option or a file that cannot be read.
        """
    }
}
