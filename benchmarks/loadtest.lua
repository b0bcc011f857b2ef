-- wrk script of `make loadtest` (benchmarks/loadtest.py): the paths to ask for come from
-- LOADTEST_PATHS (space separated), taken in turn. With LOADTEST_POLL=1 a request is a phone's
-- poll: the htmx fragment (HX-Request) with the ETag of the last answer in If-None-Match, as a
-- browser revalidates; each wrk thread then polls one path (run as many threads as paths), so
-- that an answer is known to be that path's. done() prints one JSON line: requests per second,
-- latency percentiles (ms), status counts and errors.

local paths = {}
for path in string.gmatch(os.getenv("LOADTEST_PATHS") or "/", "%S+") do
  table.insert(paths, path)
end
local poll = os.getenv("LOADTEST_POLL") == "1"
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("own", #threads)
end

function init(args)
  if poll then
    paths = {paths[((own - 1) % #paths) + 1]}
  end
  etags = {}
  counter = 0
  current = nil
  ok = 0
  not_modified = 0
  failed = 0
end

function request()
  counter = counter + 1
  current = paths[(counter % #paths) + 1]
  local headers = {}
  if poll then
    headers["HX-Request"] = "true"
    if etags[current] then
      headers["If-None-Match"] = etags[current]
    end
  end
  return wrk.format("GET", current, headers)
end

function response(status, headers, body)
  if status == 200 then
    ok = ok + 1
    if poll and headers["ETag"] then
      etags[current] = headers["ETag"]
    end
  elseif status == 304 then
    not_modified = not_modified + 1
  else
    failed = failed + 1
  end
end

function done(summary, latency, requests)
  local ok_total, not_modified_total, failed_total = 0, 0, 0
  for _, thread in ipairs(threads) do
    ok_total = ok_total + thread:get("ok")
    not_modified_total = not_modified_total + thread:get("not_modified")
    failed_total = failed_total + thread:get("failed")
  end
  local errors = summary.errors
  local socket_errors = errors.connect + errors.read + errors.write + errors.timeout
  io.write(string.format(
    'LOADTEST {"requests": %d, "seconds": %.3f, "rps": %.1f, "p50": %.2f, "p95": %.2f, ' ..
    '"p99": %.2f, "max": %.2f, "ok": %d, "not_modified": %d, "failed": %d, ' ..
    '"socket_errors": %d, "timeouts": %d, "bytes": %d}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    ok_total, not_modified_total, failed_total, socket_errors, errors.timeout, summary.bytes))
end
