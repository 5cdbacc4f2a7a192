-- wrk: each line of $BODIES in turn, and at the end the numbers docs/performance.md's table takes, as
-- one line of key=value pairs. With $TARGET (default /v1/text), each line is a JSON body to
-- POST there; with $METHOD=GET, each line is a path to GET.
local lines = {}
for line in io.lines(os.getenv("BODIES")) do lines[#lines + 1] = line end
local next_line = 0
local method = os.getenv("METHOD") or "POST"
local target = os.getenv("TARGET") or "/v1/text"

request = function()
  next_line = next_line % #lines + 1
  if method == "GET" then return wrk.format("GET", lines[next_line]) end
  return wrk.format("POST", target, { ["Content-Type"] = "application/json" }, lines[next_line])
end

done = function(summary, latency, requests)
  io.write(string.format(
    "result requests=%d seconds=%.2f rps=%.0f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f errors=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
