import type { StoredParts } from '@grove/domain/replica/stored-workspace';
import type { FoldReply, FoldRequest } from './fold-worker.ts';

// Folds the stored log in a worker (fold-worker.ts), started on the first fold: the Yjs decoding and encoding of the
// whole workspace (about 100 ms for 3 MB) then never holds the page's main thread.

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (state: string) => void; reject: (error: Error) => void }>();

function start(): Worker {
  const started = new Worker(new URL('./fold-worker.ts', import.meta.url), { type: 'module' });
  started.addEventListener('message', (event: MessageEvent<FoldReply>) => {
    const reply = event.data;
    const entry = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ('state' in reply) entry?.resolve(reply.state);
    else entry?.reject(new Error(reply.error));
  });
  started.addEventListener('error', (event) => {
    for (const entry of waiting.values()) entry.reject(new Error(event.message || 'The fold worker failed.'));
    waiting.clear();
    worker = null;
  });
  return started;
}

/** The parts folded by the worker; undefined where the browser has no module workers. */
export const foldInWorker: ((parts: StoredParts) => Promise<string>) | undefined = typeof Worker === 'function'
  ? (parts) => new Promise<string>((resolve, reject) => {
      worker ??= start();
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, parts } satisfies FoldRequest);
    })
  : undefined;
