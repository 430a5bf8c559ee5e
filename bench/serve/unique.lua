-- wrk: every request a new nickname (cache misses), or with NMTI_HOT set, a mix:
-- 1 request in 100 unique, the rest over 50 hot URLs (cache hits once warm).
local counter = 0
local thread_id = 0
local threads = {}

function setup(thread)
  thread:set("id", thread_id)
  thread_id = thread_id + 1
  table.insert(threads, thread)
end

function init(args)
  mix = os.getenv("NMTI_HOT") ~= nil
  theme = os.getenv("NMTI_THEME") or "classic"
end

request = function()
  counter = counter + 1
  local nickname
  if mix and counter % 100 ~= 0 then
    nickname = "hot" .. (counter % 50)
  else
    nickname = "u" .. id .. "x" .. counter
  end
  return wrk.format("GET", "/v1/posters/" .. theme .. ".png?c=6&s=-3&e=2&a=-5&nickname=" .. nickname)
end

done = function(summary, latency, requests)
  local codes = 0
  io.write(string.format(
    '{"tool":"wrk","requests":%d,"seconds":%.3f,"rps":%.1f,"p50ms":%.3f,"p95ms":%.3f,"p99ms":%.3f,"errors":{"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d}}\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout, summary.errors.status))
end
