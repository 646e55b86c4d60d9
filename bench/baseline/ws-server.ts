// The baseline for bench:realtime: a bare `ws` server that broadcasts whatever is POSTed to /publish to
// every connected socket, serialised once, as in the ws README's broadcast example.
import { createServer } from 'node:http';
import { WebSocketServer, WebSocket } from 'ws';

const MAX_BODY = 1024 * 1024;

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/publish') {
    response.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    if (size <= MAX_BODY) chunks.push(chunk);
  });
  request.on('end', () => {
    const data = Buffer.concat(chunks).toString('utf8');
    for (const client of sockets.clients) if (client.readyState === WebSocket.OPEN) client.send(data);
    response.writeHead(204).end();
  });
});
const sockets = new WebSocketServer({ server, maxPayload: 4096 });
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.info('listening'));
process.once('SIGTERM', () => {
  for (const client of sockets.clients) client.terminate();
  server.close(() => process.exit(0));
});
