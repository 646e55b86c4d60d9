import { defineCommand } from '@grove/domain/workspace/command';
import type { Project, StudioData } from '@grove/domain/workspace/model';
import { storedWorkspaceData } from '@grove/domain/replica/stored-workspace';
import { createEnvelope, CURRENT_SCHEMA_VERSION } from '@grove/domain/workspace/schema-version';
import { readStoredHeader } from '@/lib/workspace-store/stored-header.ts';
import { WORKSPACE_KEY, WorkspaceStore, type StoreDeps, type StoreEvent, type TabChannel, type TabMessage } from '@/lib/workspace-store/workspace-store.ts';
import { MemoryStorage } from './memory-storage.ts';

// A workspace store on memory storage with a fake clock and timers, for the store's tests.

export const NOW = new Date('2026-03-05T10:00:00.000Z');

export function project(name: string): Project {
  return {
    id: `project-${name}`, name, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1,
    createdAt: NOW.toISOString(),
  };
}

export const addProject = defineCommand<string>('addProject', (data, name) => ({ ...data, projects: [...data.projects, project(name)] }));

export const renameProject = defineCommand<{ id: string; name: string }>('renameProject', (data, { id, name }) => ({
  ...data,
  projects: data.projects.map((entry) => (entry.id === id ? { ...entry, name } : entry)),
}));

export const deleteProject = defineCommand<string>('deleteProject', (data, id) => ({
  ...data,
  projects: data.projects.filter((entry) => entry.id !== id),
}), { destructive: true });

export const names = (store: WorkspaceStore) => store.getSnapshot().data.projects.map((p) => p.name);

export interface Harness {
  storage: MemoryStorage;
  store: WorkspaceStore;
  events: StoreEvent[];
  advance: (ms: number) => void;
}

export function harness(storage = new MemoryStorage(), deps: Partial<StoreDeps> = {}): Harness {
  let time = 0;
  const timers: { at: number; run: () => void }[] = [];
  const events: StoreEvent[] = [];
  const store = new WorkspaceStore({
    storage,
    now: () => NOW,
    clock: () => time,
    setTimer: (run, ms) => {
      const timer = { at: time + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => {
      timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1);
    },
    onEvent: (event) => events.push(event),
    ...deps,
  });
  const advance = (ms: number) => {
    const until = time + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > until) break;
      timers.shift();
      time = next.at;
      next.run();
    }
    time = until;
  };
  return { storage, store, events, advance };
}

/** What is stored, in either format: its version, revision and data. */
export function stored(storage: Storage): { schemaVersion: number; revision: number; data: StudioData } | null {
  const text = storage.getItem(WORKSPACE_KEY);
  const header = readStoredHeader(text);
  const data = storedWorkspaceData(text, NOW);
  return header && data ? { schemaVersion: header.schemaVersion, revision: header.revision, data } : null;
}

/**
 * Tabs of one browser for tests: each tab's channel hands its messages to the others when `deliver` is called (or
 * at once with `immediate`), as a BroadcastChannel does.
 */
export function tabHub(options: { immediate?: boolean } = {}) {
  const listeners = new Set<{ handler: (message: TabMessage) => void }>();
  const queue: { from: object; message: TabMessage }[] = [];
  const send = (from: object, message: TabMessage) => {
    for (const listener of listeners) if (listener !== from) listener.handler(message);
  };
  const deliver = () => {
    while (queue.length > 0) {
      const next = queue.shift();
      if (next) send(next.from, next.message);
    }
  };
  const channel = (): TabChannel => {
    const self = { handler: (_message: TabMessage) => undefined as void };
    return {
      post: (message) => {
        queue.push({ from: self, message });
        if (options.immediate) deliver();
      },
      listen: (handler) => {
        self.handler = handler;
        listeners.add(self);
        return () => listeners.delete(self);
      },
    };
  };
  return { channel, deliver, pending: () => queue.length };
}

export function storeEnvelope(storage: Storage, data: StudioData, revision: number, schemaVersion = CURRENT_SCHEMA_VERSION) {
  storage.setItem(WORKSPACE_KEY, JSON.stringify({ ...createEnvelope(data, revision), schemaVersion }));
}
