import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

const LOCK_FILE = 'grove-server.lock';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another Grove server (pid ${pid}). `
      + 'PGlite cannot be shared between processes: stop that server, use another DATA_DIR, '
      + 'or set DATABASE_URL to run several instances against PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockContent {
  pid: number;
  /** The holder's start time in clock ticks since boot (Linux /proc), to tell a reused pid apart. */
  startTicks: string | undefined;
  nonce: string;
}

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
    const [pidLine = '', , startTicks = '', nonce = ''] = readFileSync(file, 'utf8').split('\n');
    const pid = Number.parseInt(pidLine, 10);
    if (!Number.isInteger(pid) || pid <= 0) return undefined;
    return { pid, startTicks: startTicks || undefined, nonce };
  } catch {
    return undefined;
  }
}

/** Whether the lock's holder is a running process other than this one, started when the lock says. */
function isHeldByLiveProcess(lock: LockContent): boolean {
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
    writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n${processStartTicks('self') ?? ''}\n${nonce}\n`);
  } finally {
    closeSync(fd);
  }
  return temp;
}

/**
 * Takes the PGlite data directory for this process: a lock file (pid, start time, nonce) that appears
 * whole (link of a complete temporary file, so it is never seen half-written). A stale lock (dead holder,
 * reused pid, or our own pid from an earlier run) is replaced by an atomic rename, then read back to
 * check that we, not a racing starter, hold it. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirLockedError(dataDir, process.pid);
  const nonce = randomBytes(8).toString('hex');
  const temp = writeCandidate(file, nonce);
  try {
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(file);
      if (holder && isHeldByLiveProcess(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      // An unreadable lock from a writer of the old format may be half-written; only an old one is stale.
      if (!holder && Date.now() - statSync(file).mtimeMs < 5000) throw new DataDirLockedError(dataDir, 0);
      renameSync(temp, file);
    }
    const mine = readLock(file);
    if (mine?.nonce !== nonce) throw new DataDirLockedError(dataDir, mine?.pid ?? 0);
  } finally {
    // Gone already after a rename; any other failure leaves only a stray temporary file.
    rmSync(temp, { force: true });
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    if (readLock(file)?.nonce === nonce) unlinkSync(file);
  };
}
