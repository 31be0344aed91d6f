-- wrk script: POST the request body in $LOUPE_BODY to the path in $LOUPE_PATH, and print the
-- latency percentiles wrk's own summary leaves out, in a line scripts/load parses.
local file = assert(io.open(os.getenv("LOUPE_BODY"), "rb"))
wrk.method = "POST"
wrk.path = os.getenv("LOUPE_PATH") or "/v1/plans"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("LOUPE requests=%d seconds=%.3f p50=%d p99=%d p999=%d errors=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), errors))
end
