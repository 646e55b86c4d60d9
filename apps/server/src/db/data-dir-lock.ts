import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it is still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function tryCreate(file: string): boolean {
  try {
    const fd = openSync(file, 'wx', 0o600);
    writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
    closeSync(fd);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Takes the PGlite data directory for this process: a lock file holding our pid, created exclusively.
 * A lock left by a dead process is taken over. Returns the function that releases it.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    if (tryCreate(file)) {
      return () => {
        if (readPid(file) === process.pid) unlinkSync(file);
      };
    }
    const pid = readPid(file);
    if (pid !== undefined && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
    // An unreadable lock may be one being written this instant; only an old one is stale.
    if (pid === undefined && Date.now() - statSync(file).mtimeMs < 5000) throw new DataDirLockedError(dataDir, 0);
    // Stale (dead pid or unreadable): remove it and race once more for an exclusive create.
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(dataDir, readPid(file) ?? 0);
}
