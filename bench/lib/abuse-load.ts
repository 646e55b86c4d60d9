// The load generator of bench:abuse, as a process of its own so its work never delays the bench's health probe:
// autocannon with N connections for D seconds, cycling through the paths in a file (one a line). Prints one
// line of JSON: requests, non-2xx answers, errors and bytes received.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [origin = '', pathsFile = '', connections = '10', seconds = '8'] = process.argv.slice(2);
const paths = readFileSync(pathsFile, 'utf8').split('\n').filter(Boolean);
let next = 0;

autocannon({
  url: origin, connections: Number(connections), duration: Number(seconds), timeout: 10,
  // A browser's header: what the public endpoints serve most readers.
  headers: { 'accept-encoding': 'gzip, deflate, br' },
  requests: [{
    setupRequest: (request) => {
      request.path = paths[next++ % paths.length]!;
      return request;
    },
  }],
}, (error, result) => {
  if (error) throw error;
  console.log(JSON.stringify({
    requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts,
    bytes: result.throughput.total, seconds: result.duration,
  }));
});
