import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/helpers/temp-dir.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  const dirs: Array<{ dir: string; remove(): void }> = [];
  const dir = () => {
    const made = makeTempDir();
    dirs.push(made);
    return made.dir;
  };
  const lockFile = (data: string) => path.join(data, 'grove-server.lock');
  afterEach(() => {
    for (const made of dirs.splice(0)) made.remove();
  });

  it('refuses a second lock in this same process', () => {
    const data = dir();
    const release = lockDataDir(data);
    expect(() => lockDataDir(data)).toThrow(DataDirLockedError);
    release();
    lockDataDir(data)();
  });

  it('takes over a lock holding our own pid from an earlier run (a container restarted as pid 1)', () => {
    const data = dir();
    writeFileSync(lockFile(data), `${process.pid}\n2020-01-01T00:00:00.000Z\n1\nold-nonce\n`);
    const release = lockDataDir(data);
    expect(readFileSync(lockFile(data), 'utf8')).not.toContain('old-nonce');
    release();
  });

  it('takes over a lock whose pid is alive but started at another time (a reused pid)', () => {
    const data = dir();
    writeFileSync(lockFile(data), `${process.ppid}\n2020-01-01T00:00:00.000Z\n1\nold-nonce\n`);
    lockDataDir(data)();
  });

  it('refuses while the recorded process is really running', async () => {
    const data = dir();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const ticks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
      writeFileSync(lockFile(data), `${child.pid}\n${new Date().toISOString()}\n${ticks}\nits-nonce\n`);
      expect(() => lockDataDir(data)).toThrow(/in use by another Grove server/);
      expect(readFileSync(lockFile(data), 'utf8')).toContain('its-nonce');
    } finally {
      child.kill();
    }
  });
});
