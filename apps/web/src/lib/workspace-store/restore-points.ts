// Restore points (docs/product.md, Local-first storage): a copy of the stored workspace taken before every import and every Clear All,
// kept in IndexedDB (far more room than local storage), the newest five.

export const MAX_RESTORE_POINTS = 5;
const DB_NAME = 'grove';
const STORE = 'restore-points';

export type RestorePointReason = 'import' | 'clear' | 'restore' | 'conflict';

export interface RestorePointInfo {
  id: number;
  createdAt: string;
  reason: RestorePointReason;
  /** Characters of stored JSON. */
  size: number;
}

interface RestorePointRecord extends RestorePointInfo {
  text: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => {
      open.result.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error ?? new Error('Could not open IndexedDB'));
    open.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => Promise<T>): Promise<T> {
  const db = await openDatabase();
  try {
    const transaction = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
    });
    const result = await run(transaction.objectStore(STORE));
    await done;
    return result;
  } finally {
    db.close();
  }
}

const info = ({ id, createdAt, reason, size }: RestorePointRecord): RestorePointInfo => ({ id, createdAt, reason, size });

export async function listRestorePoints(): Promise<RestorePointInfo[]> {
  const all = await withStore('readonly', (store) => request(store.getAll() as IDBRequest<RestorePointRecord[]>));
  return all.map(info).sort((a, b) => b.id - a.id);
}

/** Saves a restore point and drops the oldest beyond the newest five. */
export async function createRestorePoint(text: string, reason: RestorePointReason, now = new Date()): Promise<RestorePointInfo> {
  return withStore('readwrite', async (store) => {
    const record = { createdAt: now.toISOString(), reason, size: text.length, text };
    const id = await request(store.add(record)) as number;
    const keys = (await request(store.getAllKeys())) as number[];
    const excess = keys.sort((a, b) => a - b).slice(0, Math.max(0, keys.length - MAX_RESTORE_POINTS));
    await Promise.all(excess.map((key) => request(store.delete(key))));
    return { id, createdAt: record.createdAt, reason, size: record.size };
  });
}

export async function readRestorePoint(id: number): Promise<string | null> {
  const record = await withStore('readonly', (store) => request(store.get(id) as IDBRequest<RestorePointRecord | undefined>));
  return record?.text ?? null;
}
