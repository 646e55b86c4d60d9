// Restore points (docs/product.md, Local-first storage; decision 063): copies of the stored workspace, each of a kind,
// kept in IndexedDB (far more room than local storage). Which ones are kept is the domain's rule
// (restore-point-rules.ts: each kind its own newest within its budget); this file reads and writes them.
import {
  isDailySnapshotDue, restorePointsToDrop, type RestorePointInfo, type RestorePointReason,
} from '@grove/domain/backup/restore-point-rules';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';

// The types callers of this module have always imported from here.
export type { RestorePointInfo, RestorePointReason } from '@grove/domain/backup/restore-point-rules';

const DB_NAME = 'grove';
/** 1: the store. 2: its 'info' index (decision 063); the records are kept as they are. */
const DB_VERSION = 2;
const STORE = 'restore-points';
/** The listed fields, in the index's keys: listing and pruning never read the copies (megabytes each). */
const INFO_INDEX = 'info';
const INFO_KEY_PATH = ['reason', 'createdAt', 'size'];

export interface RestorePointRecord extends RestorePointInfo {
  text: string;
}

/** What taking a point needs of the stored points, all inside one read-write transaction (tests use a Map). */
export interface RestorePointTable {
  infos(): Promise<RestorePointInfo[]>;
  add(record: Omit<RestorePointRecord, 'id'>): Promise<number>;
  delete(id: number): Promise<void>;
}

async function addWithin(
  table: RestorePointTable, existing: readonly RestorePointInfo[], text: string, reason: RestorePointReason, now: Date,
): Promise<RestorePointInfo> {
  const record = { createdAt: now.toISOString(), reason, size: text.length, text };
  const id = await table.add(record);
  const added = { id, createdAt: record.createdAt, reason, size: record.size };
  for (const dropped of restorePointsToDrop(existing, added)) await table.delete(dropped);
  return added;
}

/** Keeps `text` as a point of `reason`, then drops the older points of that kind beyond its budget (only of that kind). */
export async function addRestorePoint(
  table: RestorePointTable, text: string, reason: RestorePointReason, now: Date,
): Promise<RestorePointInfo> {
  return addWithin(table, await table.infos(), text, reason, now);
}

/** Keeps `text` as a 'daily' point unless one was taken on `now`'s local day already; null when none was due. */
export async function addDailySnapshotIfDue(table: RestorePointTable, text: string, now: Date): Promise<RestorePointInfo | null> {
  const existing = await table.infos();
  const dailyDates = existing.filter((point) => point.reason === 'daily').map((point) => point.createdAt);
  return isDailySnapshotDue(dailyDates, now) ? addWithin(table, existing, text, 'daily', now) : null;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(DB_NAME, DB_VERSION);
    open.onupgradeneeded = (event) => {
      const db = open.result;
      const store = event.oldVersion < 1
        ? db.createObjectStore(STORE, { keyPath: 'id', autoIncrement: true })
        : open.transaction?.objectStore(STORE);
      // Every record of version 1 has these fields, so the index covers them all, each keeping its reason.
      if (event.oldVersion < 2) store?.createIndex(INFO_INDEX, INFO_KEY_PATH);
    };
    open.onsuccess = () => {
      // A newer Grove in another tab may need to upgrade the database: let it.
      open.result.onversionchange = () => open.result.close();
      resolve(open.result);
    };
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

/** Every point's info from the index's keys, without reading a copy. */
function readInfos(store: IDBObjectStore): Promise<RestorePointInfo[]> {
  return new Promise((resolve, reject) => {
    const infos: RestorePointInfo[] = [];
    const cursor = store.index(INFO_INDEX).openKeyCursor();
    cursor.onsuccess = () => {
      const at = cursor.result;
      if (!at) {
        resolve(infos);
        return;
      }
      const [reason, createdAt, size] = at.key as [RestorePointReason, string, number];
      infos.push({ id: at.primaryKey as number, createdAt, reason, size });
      at.continue();
    };
    cursor.onerror = () => reject(cursor.error ?? new Error('IndexedDB cursor failed'));
  });
}

function idbTable(store: IDBObjectStore): RestorePointTable {
  return {
    infos: () => readInfos(store),
    add: async (record) => (await request(store.add(record))) as number,
    delete: async (id) => {
      await request(store.delete(id));
    },
  };
}

/** Every point, newest first. */
export async function listRestorePoints(): Promise<RestorePointInfo[]> {
  const all = await withStore('readonly', readInfos);
  return all.sort((a, b) => b.id - a.id);
}

/**
 * Saves a restore point of `reason` and drops the older points of that kind beyond its budget (decision 063).
 * Before a data upgrade, the store keeps the stored text it is about to migrate with reason 'upgrade'.
 */
export async function createRestorePoint(text: string, reason: RestorePointReason, now = new Date()): Promise<RestorePointInfo> {
  const point = await withStore('readwrite', (store) => addRestorePoint(idbTable(store), text, reason, now));
  notifyChanged();
  return point;
}

const changeListeners = new Set<() => void>();

function notifyChanged(): void {
  for (const listener of changeListeners) listener();
}

/** Calls `listener` whenever this page adds a restore point (the daily one comes on its own); returns the unsubscribe. */
export function onRestorePointsChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** The local day ('YYYY-MM-DD') on which this page saw a daily point stored: later calls that day skip IndexedDB. */
let dailyKnownFor: string | null = null;

/**
 * The daily snapshot (decision 063): keeps `text`, the stored workspace before the day's first change, as a 'daily'
 * point when none exists yet for `now`'s local calendar day (another tab's counts); the last seven are kept. True
 * when it was taken. Cheap to call before every save: once a day's point is known, it answers without IndexedDB.
 * Rejects when IndexedDB fails (and asks again on the next call).
 */
export async function keepDailySnapshotIfDue(text: string, now = new Date()): Promise<boolean> {
  const today = toLocalIsoDate(now);
  if (dailyKnownFor === today) return false;
  const taken = await withStore('readwrite', (store) => addDailySnapshotIfDue(idbTable(store), text, now));
  dailyKnownFor = today;
  if (taken !== null) notifyChanged();
  return taken !== null;
}

export async function readRestorePoint(id: number): Promise<string | null> {
  const record = await withStore('readonly', (store) => request(store.get(id) as IDBRequest<RestorePointRecord | undefined>));
  return record?.text ?? null;
}
