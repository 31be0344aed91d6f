-- wrk script: send the request the environment describes and print the latency percentiles
-- wrk's own summary leaves out, in a line scripts/load parses.
--   LOUPE_METHOD  GET or POST (default POST)
--   LOUPE_PATH    the path (default /v1/plans)
--   LOUPE_BODY    a file whose bytes are the body (POST)
--   LOUPE_ETAG    sent as If-None-Match (the 304 mode)
--   LOUPE_VARY    "1": every request different, the source's x moved by a millionth of a
--                 point per request (the varied mode; nothing can be answered from a cache)
wrk.method = os.getenv("LOUPE_METHOD") or "POST"
wrk.path = os.getenv("LOUPE_PATH") or "/v1/plans"
if wrk.method == "POST" then
  local file = assert(io.open(os.getenv("LOUPE_BODY"), "rb"))
  wrk.body = file:read("*a")
  file:close()
  wrk.headers["Content-Type"] = "application/json"
end
if os.getenv("LOUPE_ETAG") then
  wrk.headers["If-None-Match"] = os.getenv("LOUPE_ETAG")
end

local vary = os.getenv("LOUPE_VARY") == "1"
local counter = 0
local template = wrk.body

function init(args)
  -- Each wrk thread starts its counter apart, so no two requests of a run are alike.
  counter = math.random(0, 2^30) * 1000
end

function request()
  if not vary then
    return wrk.format()
  end
  counter = counter + 1
  local body = template:gsub('"x": 16,', string.format('"x": %.6f,', 16 + counter * 1e-6), 1)
  return wrk.format(nil, nil, nil, body)
end

function done(summary, latency, requests)
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write
    + summary.errors.status + summary.errors.timeout
  io.write(string.format("LOUPE requests=%d seconds=%.3f p50=%d p99=%d p999=%d errors=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    latency:percentile(99.9), errors))
end
