-- wrk: the same URL every time (given on the command line); prints one JSON line.
-- NMTI_ETAG set: each request revalidates with If-None-Match (304s).
function init(args)
  local etag = os.getenv("NMTI_ETAG")
  if etag then wrk.headers["If-None-Match"] = etag end
end

done = function(summary, latency, requests)
  io.write(string.format(
    '{"tool":"wrk","requests":%d,"seconds":%.3f,"rps":%.1f,"p50ms":%.3f,"p95ms":%.3f,"p99ms":%.3f,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
