import { foldStoredParts } from '@grove/domain/replica/fold';
import type { StoredParts } from '@grove/domain/replica/stored-workspace';

// The store's background fold (workspace-store.ts, foldInBackground): stored parts in, the state encoded whole out.

export interface FoldRequest {
  readonly id: number;
  readonly parts: StoredParts;
}

export type FoldReply = { readonly id: number; readonly state: string } | { readonly id: number; readonly error: string };

self.addEventListener('message', (event: MessageEvent<FoldRequest>) => {
  const { id, parts } = event.data;
  let reply: FoldReply;
  try {
    reply = { id, state: foldStoredParts(parts) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  self.postMessage(reply);
});
