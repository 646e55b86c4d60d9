-- bench:api: at the end of a wrk run, writes its counts and latency quantiles (microseconds) as JSON to the
-- file named by WRK_OUT. Quantiles every 0.5 % up to 90 % and every 0.05 % above, so runs can be pooled.
done = function(summary, latency, requests)
  local out = assert(io.open(os.getenv("WRK_OUT"), "w"))
  local errors = summary.errors
  out:write(string.format(
    '{"requests":%d,"durationUs":%d,"non2xx":%d,"errors":%d,"quantiles":[',
    summary.requests, summary.duration, errors.status, errors.connect + errors.read + errors.write + errors.timeout))
  local points = {}
  for step = 0, 179 do points[#points + 1] = step * 0.5 end
  for step = 0, 200 do points[#points + 1] = 90 + step * 0.05 end
  for index, p in ipairs(points) do
    if index > 1 then out:write(",") end
    out:write(string.format("[%.2f,%d]", p, latency:percentile(p)))
  end
  out:write("]}")
  out:close()
end
