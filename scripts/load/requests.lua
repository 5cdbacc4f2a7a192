-- wrk: POST each line of $BODIES in turn (JSON request bodies), and at the end print the
-- numbers the README's table takes, as one line of key=value pairs.
local bodies = {}
for line in io.lines(os.getenv("BODIES")) do bodies[#bodies + 1] = line end
local next_body = 0

request = function()
  next_body = next_body % #bodies + 1
  return wrk.format("POST", "/v1/text", { ["Content-Type"] = "application/json" }, bodies[next_body])
end

done = function(summary, latency, requests)
  io.write(string.format(
    "result requests=%d seconds=%.2f rps=%.0f p50_ms=%.3f p99_ms=%.3f max_ms=%.3f errors=%d socket_errors=%d\n",
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000,
    summary.errors.status,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
