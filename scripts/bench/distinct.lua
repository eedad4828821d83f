-- wrk script of scripts/bench/service.mjs: every request carries a sentence no other request
-- of the run carries, so no cache (Verso's LRU, APy's) can help.
--   wrk -t T -c C -d 10s -s distinct.lua http://127.0.0.1:PORT -- <verso|verso-nomemory|apy> T <sentences file> [api key]
-- (verso-nomemory: the same request with "use_memory": false)
-- The sentences file holds one sentence a line, already escaped for where it goes (inside a
-- JSON string for Verso, URL-encoded for APy). Thread k (0-based) sends lines k+1, k+1+T,
-- k+1+2T…; a thread that runs out of lines starts again from its first and counts what it
-- sends again as "repeated" (the harness then warns: a cache could have helped).
-- done() prints one `WRK_JSON {…}` line: counts, latency percentiles in µs, and wrk's own CPU
-- time (os.clock() is the process's CPU time over all threads; done() runs after they stop).

local threads = {}
local nextId = 0

function setup(thread)
  thread:set("id", nextId)
  nextId = nextId + 1
  table.insert(threads, thread)
end

function init(args)
  mode = args[1]
  stride = tonumber(args[2])
  if mode ~= "verso" and mode ~= "verso-nomemory" and mode ~= "apy" then error("mode must be verso, verso-nomemory or apy, got " .. tostring(mode)) end
  if not stride or stride < 1 then error("thread count must be a number ≥ 1") end
  lines = {}
  for line in io.lines(args[3]) do lines[#lines + 1] = line end
  if #lines <= id then error("not enough sentences in " .. args[3]) end
  headers = { ["Content-Type"] = "application/json", ["X-API-KEY"] = args[4] }
  cursor = id + 1
  lap = 0
  repeated = 0
end

function request()
  if cursor > #lines then
    cursor = id + 1
    lap = lap + 1
  end
  local line = lines[cursor]
  cursor = cursor + stride
  if lap > 0 then repeated = repeated + 1 end
  if mode == "verso" then
    return wrk.format("POST", "/v2/translate", headers, '{"text":"' .. line .. '","source":"en","target":"es"}')
  end
  if mode == "verso-nomemory" then
    return wrk.format("POST", "/v2/translate", headers, '{"text":"' .. line .. '","source":"en","target":"es","use_memory":false}')
  end
  return wrk.format("GET", "/translate?langpair=eng%7Cspa&q=" .. line)
end

function done(summary, latency, requests)
  local repeats = 0
  for _, thread in ipairs(threads) do repeats = repeats + (thread:get("repeated") or 0) end
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
    '"p50Us":%d,"p90Us":%d,"p99Us":%d,"maxUs":%d,"meanUs":%.1f,"cpuSeconds":%.4f,"repeated":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max, latency.mean,
    os.clock(), repeats))
end
