import { createHash, randomBytes } from 'node:crypto';
import { closeSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'grove-server.lock';

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

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
}

// Data dirs this process holds: our own pid in a lock file means "ours" only if it is listed here.
const heldHere = new Set<string>();

function parse(text: string): Holder | undefined {
  try {
    const { pid, host, startedAt } = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(pid) || typeof host !== 'string' || typeof startedAt !== 'string') return undefined;
    return { pid: pid as number, host, startedAt };
  } catch {
    return undefined;
  }
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
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

/**
 * Stale only when its holder ran on this host and is gone. Our own pid counts as gone when this process does
 * not hold the lock: an earlier run with the same pid (a container's pid 1). A pid reused by another process
 * looks alive and is refused, like any lock of another host: the message names the file to delete.
 * The host is the hostname, so two containers sharing one hostname (and a volume) cannot be told apart.
 */
const isStale = (holder: Holder, file: string): boolean =>
  holder.host === hostname() && (holder.pid === process.pid ? !heldHere.has(file) : !isAlive(holder.pid));

const describeHolder = (holder: Holder | undefined): string => {
  if (!holder) return 'its lock file is being written, was just removed, or is unreadable';
  return holder.host === hostname() ? `pid ${holder.pid}` : `pid ${holder.pid} on host ${holder.host}`;
};

/** Creates the lock file only if there is none (`wx`); false when it exists. */
function create(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Replaces the stale lock whose text is `stale`. Only the starter that creates the takeover file named after
 * that text may replace it, and it checks first that the lock still is that text: of several starters that
 * found it stale, one replaces it and the others then find another text and refuse. The replacement is
 * renamed into place whole, so the lock never goes missing for a moment.
 */
function takeOver(file: string, stale: string, content: string): boolean {
  const takeover = `${file}.${createHash('sha256').update(stale).digest('hex').slice(0, 16)}.takeover`;
  if (!create(takeover, content)) return false;
  try {
    if (readText(file) !== stale) return false;
    const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    writeFileSync(temp, content, { mode: 0o600 });
    renameSync(temp, file);
    return true;
  } finally {
    // Safe once the lock is no longer the stale text: whoever creates this file next finds it replaced.
    rmSync(takeover, { force: true });
  }
}

/**
 * Takes the PGlite data directory for this process: `DATA_DIR/grove-server.lock`, created exclusively, holds
 * the pid, host and start time. A second server refuses to start; a lock left by a dead process of this host
 * is taken over. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  const content = `${JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString() })}\n`;
  if (!create(file, content)) {
    const text = readText(file);
    const holder = text === undefined ? undefined : parse(text);
    if (text === undefined || !holder || !isStale(holder, file) || !takeOver(file, text, content)) {
      throw new DataDirLockedError(dataDir, describeHolder(holder));
    }
  }
  heldHere.add(file);
  return () => {
    heldHere.delete(file);
    if (readText(file) === content) rmSync(file, { force: true });
  };
}
