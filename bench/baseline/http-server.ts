// The baseline for bench:api: a bare node:http server sending fixed bytes with fixed headers, nothing else.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BODY_FILE ?? '');
const headers = JSON.parse(process.env.HEADERS_JSON ?? '{}') as Record<string, string>;
headers['content-length'] = String(body.byteLength);

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('listening'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
