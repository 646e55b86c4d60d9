import type { ServerMessage } from '@grove/domain/realtime/messages';
import WebSocket from 'ws';

export interface TestSocket {
  socket: WebSocket;
  messages: ServerMessage[];
  send(message: object): void;
  /**
   * The next message (already received or still to come) matching the predicate. The timeout only bounds a
   * test that is failing anyway: long enough that a busy machine never reaches it.
   */
  next<T extends ServerMessage>(predicate: (message: ServerMessage) => boolean, timeoutMs?: number): Promise<T>;
  closed: Promise<number>;
  close(): void;
}

export function connect(url: string, headers: Record<string, string> = {}, options: WebSocket.ClientOptions = {}): Promise<TestSocket> {
  const socket = new WebSocket(url, { headers, ...options });
  const messages: ServerMessage[] = [];
  const waiters: Array<() => void> = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data: Buffer) => {
    messages.push(JSON.parse(data.toString('utf8')) as ServerMessage);
    for (const wake of waiters.splice(0)) wake();
  });
  const client: TestSocket = {
    socket,
    messages,
    closed,
    send: (message) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
    next<T extends ServerMessage>(predicate: (message: ServerMessage) => boolean, timeoutMs = 30_000): Promise<T> {
      let seen = 0;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
        const check = () => {
          for (; seen < messages.length; seen += 1) {
            const message = messages[seen];
            if (message && predicate(message)) {
              clearTimeout(timer);
              messages.splice(seen, 1);
              resolve(message as T);
              return;
            }
          }
          waiters.push(check);
        };
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}
