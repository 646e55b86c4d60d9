import { randomBytes } from 'node:crypto';
import {
  closeSync, linkSync, openSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'grove-server.lock';
/**
 * The holder rewrites `<lock>.beat` this often; a lock from another host whose beat is older than
 * FOREIGN_STALE_MS is stale. Ages compare file times with the time of a file just written, so both come
 * from the filesystem's clock, never from two machines' clocks.
 */
const HEARTBEAT_MS = 10_000;
const FOREIGN_STALE_MS = 60_000;
/** A takeover guard older than this was left by a starter that died while taking over. */
const GUARD_STALE_MS = 5000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string, holder: string) {
    super(
      `DATA_DIR ${dataDir} is in use by another Grove server (${holder}). `
      + 'PGlite cannot be shared between processes: stop that server, use another DATA_DIR, '
      + 'or set DATABASE_URL to run several instances against PostgreSQL. '
      + `If no server uses it (one was killed and left its lock), delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockContent {
  pid: number;
  /** The holder's start time in clock ticks since boot (Linux /proc), to tell a reused pid apart. */
  startTicks: string | undefined;
  nonce: string;
  /** Hostname, boot id and pid namespace: a pid can be checked only from the same ones. */
  host: string | undefined;
}

/** A /proc value, or '' where there is none (not Linux). */
function procValue(read: () => string): string {
  try {
    return read().trim();
  } catch {
    return '';
  }
}

/**
 * The scope in which a pid in a lock can be checked: machine (hostname), boot and pid namespace. Two
 * containers may share a hostname and a boot (host networking, a fixed hostname) but not a pid namespace:
 * each may be pid 1 in its own.
 */
export const HOST_ID = [
  hostname(),
  procValue(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8')),
  procValue(() => readlinkSync('/proc/self/ns/pid')),
].join('/');

// Data dirs this process holds: our own pid in a lock file means "ours" only if it is listed here.
const heldHere = new Set<string>();

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function processStartTicks(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(file: string): LockContent | undefined {
  try {
    const [pidLine = '', , startTicks = '', nonce = '', host = ''] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidLine, 10);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, startTicks: startTicks || undefined, nonce, host: host || undefined };
  } catch {
    return undefined;
  }
}

/** Milliseconds since a file was written, by the filesystem's clock (`fsNow`: the time of a file just written). */
const ageMs = (file: string, fsNow: number): number => fsNow - statSync(file).mtimeMs;

/** When the holder last showed it was alive: the later of its lock's and its beat's times. */
function lastSignMs(file: string): number {
  const locked = statSync(file).mtimeMs;
  try {
    return Math.max(locked, statSync(`${file}.beat`).mtimeMs);
  } catch {
    return locked;
  }
}

function describeHolder(lock: LockContent): string {
  return lock.host && lock.host !== HOST_ID ? `pid ${lock.pid} on host ${lock.host.split('/')[0]}` : `pid ${lock.pid}`;
}

/** Whether the lock's holder is a running process other than this one. */
function isHeldByLiveProcess(lock: LockContent, file: string, fsNow: number): boolean {
  // Another host or container (a shared volume): its pid cannot be checked from here, but a live holder
  // rewrites its beat every HEARTBEAT_MS.
  if (lock.host && lock.host !== HOST_ID) return fsNow - lastSignMs(file) < FOREIGN_STALE_MS;
  // Our own pid: a lock left by an earlier run in the same pid namespace (a container's pid 1), since
  // this process does not hold it (checked by the caller).
  if (lock.pid === process.pid) return false;
  if (!isAlive(lock.pid)) return false;
  // A live pid started at another time is a new process that reused the pid.
  const ticks = processStartTicks(lock.pid);
  return lock.startTicks === undefined || ticks === undefined || ticks === lock.startTicks;
}

/** Writes our lock content to a private temporary file, to be linked or renamed into place whole. */
function writeCandidate(file: string, nonce: string): string {
  const temp = `${file}.${process.pid}.${nonce}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n${processStartTicks('self') ?? ''}\n${nonce}\n${HOST_ID}\n`);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/** Creates `target` as a link to our complete candidate; false when it exists. */
function linkExclusive(temp: string, target: string): boolean {
  try {
    linkSync(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Replaces a lock that looked stale, under a takeover guard (a file only one starter can create), checking
 * again under it: two starters that both found the lock stale cannot both take it over. A guard left by a
 * starter that died while taking over is moved aside (one mover wins) and re-checked there, so a fresh guard
 * is never removed by a second starter.
 */
function takeOver(file: string, temp: string, nonce: string, dataDir: string, fsNow: number): void {
  const guard = `${file}.takeover`;
  const starting = () => new DataDirLockedError(dataDir, 'another server is starting');
  if (!linkExclusive(temp, guard)) {
    if (ageMs(guard, fsNow) < GUARD_STALE_MS) throw starting();
    const aside = `${guard}.${nonce}`;
    try {
      renameSync(guard, aside);
    } catch {
      throw starting();
    }
    const fresh = ageMs(aside, fsNow) < GUARD_STALE_MS;
    rmSync(aside, { force: true });
    if (fresh || !linkExclusive(temp, guard)) throw starting();
  }
  try {
    const holder = readLock(file);
    if (holder && isHeldByLiveProcess(holder, file, fsNow)) throw new DataDirLockedError(dataDir, describeHolder(holder));
    renameSync(temp, file);
  } finally {
    // Only our own guard (a link to our candidate, so it carries our nonce).
    if (readLock(guard)?.nonce === nonce) rmSync(guard, { force: true });
  }
}

/** One attempt to take the lock with our candidate; throws DataDirLockedError, or ENOENT on a race. */
function acquire(file: string, temp: string, nonce: string, dataDir: string): void {
  if (!linkExclusive(temp, file)) {
    const fsNow = statSync(temp).mtimeMs;
    const holder = readLock(file);
    if (holder && isHeldByLiveProcess(holder, file, fsNow)) throw new DataDirLockedError(dataDir, describeHolder(holder));
    // An unreadable lock from a writer of the old format may be half-written; only an old one is stale.
    if (!holder && ageMs(file, fsNow) < 5000) throw new DataDirLockedError(dataDir, 'unreadable lock');
    takeOver(file, temp, nonce, dataDir, fsNow);
  }
  const mine = readLock(file);
  if (mine?.nonce !== nonce) throw new DataDirLockedError(dataDir, mine ? describeHolder(mine) : 'unreadable lock');
}

/**
 * Takes the PGlite data directory for this process: a lock file (pid, start time, nonce, host) that appears
 * whole (link of a complete temporary file, so it is never seen half-written), with a beat file rewritten
 * every 10 s while held. A stale lock (dead holder, reused pid, our own pid from an earlier run, or another
 * host's lock without a beat for a minute) is replaced under a takeover guard, then read back to check that
 * we hold it.
 * Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, `pid ${process.pid}`);
  const nonce = randomBytes(8).toString('hex');
  const temp = writeCandidate(file, nonce);
  try {
    for (let attempt = 1; ; attempt += 1) {
      try {
        acquire(file, temp, nonce, dataDir);
        break;
      } catch (error) {
        // A lock or guard file vanished between two looks: another server just finished starting or stopping.
        // Look again from the start, a few times, then refuse like any other contention.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        if (attempt === 3) throw new DataDirLockedError(dataDir, 'another server is starting or stopping');
      }
    }
  } finally {
    // Gone already after a rename; any other failure leaves only a stray temporary file.
    rmSync(temp, { force: true });
  }
  heldHere.add(file);
  const beat = `${file}.beat`;
  const heartbeat = setInterval(() => {
    try {
      if (readLock(file)?.nonce === nonce) writeFileSync(beat, `${nonce}\n`);
    } catch {
      // The directory went away; the next start finds no lock.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return () => {
    clearInterval(heartbeat);
    heldHere.delete(file);
    if (readLock(file)?.nonce === nonce) {
      unlinkSync(file);
      rmSync(beat, { force: true });
    }
  };
}
