import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTempDir } from '../../test/helpers/temp-dir.ts';
import { DataDirLockedError, HOST_ID, lockDataDir } from './data-dir-lock.ts';

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

  const foreignLock = (data: string, ageMs: number) => {
    writeFileSync(lockFile(data), `1\n2020-01-01T00:00:00.000Z\n5\nits-nonce\nother-container/11111111-2222-3333-4444-555555555555\n`);
    const at = new Date(Date.now() - ageMs);
    utimesSync(lockFile(data), at, at);
  };

  it('refuses a lock of another host or container that its holder still touches, saying how to recover', () => {
    const data = dir();
    foreignLock(data, 20_000);
    expect(() => lockDataDir(data)).toThrow(/in use by another Grove server \(pid 1 on host other-container\)/);
    expect(() => lockDataDir(data)).toThrow(`delete ${lockFile(data)}`);
    expect(readFileSync(lockFile(data), 'utf8')).toContain('its-nonce');
  });

  it('takes over a lock of another host untouched for over a minute (a killed container)', () => {
    const data = dir();
    foreignLock(data, 61_000);
    const release = lockDataDir(data);
    expect(readFileSync(lockFile(data), 'utf8')).not.toContain('its-nonce');
    release();
    expect(existsSync(lockFile(data))).toBe(false);
  });

  it('refuses a live-looking lock with our own pid from another pid namespace (two containers, one hostname)', () => {
    const data = dir();
    const otherNamespace = `${HOST_ID.split('/').slice(0, 2).join('/')}/pid:[1]`;
    writeFileSync(lockFile(data), `${process.pid}\n2020-01-01T00:00:00.000Z\n5\nits-nonce\n${otherNamespace}\n`);
    expect(() => lockDataDir(data)).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - 61_000);
    utimesSync(lockFile(data), old, old);
    lockDataDir(data)();
  });

  it('takes a stale lock over only under the takeover guard; a guard left by a dead starter expires', () => {
    const data = dir();
    const guard = `${lockFile(data)}.takeover`;
    foreignLock(data, 120_000);
    writeFileSync(guard, 'another starter');
    expect(() => lockDataDir(data)).toThrow(/another server is starting/);
    // Still there: a second starter never removes a fresh guard.
    expect(readFileSync(guard, 'utf8')).toBe('another starter');
    const old = new Date(Date.now() - 10_000);
    utimesSync(guard, old, old);
    const release = lockDataDir(data);
    expect(existsSync(guard)).toBe(false);
    release();
    expect(readdirSync(data)).toEqual([]);
  });

  it('rewrites its beat while holding the lock, so other hosts see it is alive', () => {
    vi.useFakeTimers();
    try {
      const data = dir();
      const release = lockDataDir(data);
      const beat = `${lockFile(data)}.beat`;
      expect(existsSync(beat)).toBe(false);
      vi.advanceTimersByTime(10_000);
      const written = statSync(beat).mtimeMs;
      const old = new Date(written - 50_000);
      utimesSync(beat, old, old);
      vi.advanceTimersByTime(10_000);
      expect(statSync(beat).mtimeMs).toBeGreaterThan(written - 1000);
      release();
      expect(existsSync(beat)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('judges another host by its beat: a recent beat keeps an old lock held', () => {
    const data = dir();
    foreignLock(data, 120_000);
    writeFileSync(`${lockFile(data)}.beat`, 'its-nonce\n');
    expect(() => lockDataDir(data)).toThrow(/on host other-container/);
  });

  it('lets exactly one of several processes racing for a stale lock take it', async () => {
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    // Each racer waits for the same moment, tries, reports, and holds what it got until told to stop.
    const racer = `
      const { lockDataDir } = await import(${JSON.stringify(module)});
      const at = Number(process.argv[2]);
      while (Date.now() < at) {}
      let result;
      try { lockDataDir(process.argv[1]); result = 'took'; } catch (error) {
        result = error.name === 'DataDirLockedError' ? error.name : error.name + ': ' + error.message;
      }
      process.stdout.write(result + '\\n');
      process.stdin.resume();
      process.stdin.on('end', () => process.exit(0));`;
    for (let round = 0; round < 5; round += 1) {
      const data = dir();
      const dead = (await new Promise<number>((resolve) => {
        const child = spawn(process.execPath, ['-e', '0']);
        child.once('exit', () => resolve(child.pid ?? 0));
      }));
      writeFileSync(lockFile(data), `${dead}\n2020-01-01T00:00:00.000Z\n1\ndead-nonce\n`);
      const at = Date.now() + 2500;
      const children = Array.from({ length: 4 }, () => spawn(
        process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer, data, String(at)], { stdio: ['pipe', 'pipe', 'inherit'] },
      ));
      const results = await Promise.all(children.map((child) => new Promise<string>((resolve) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.trim());
        });
      })));
      for (const child of children) child.stdin.end();
      await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
      expect(results.filter((result) => result === 'took'), results.join(' ')).toHaveLength(1);
      expect(results.filter((result) => result !== 'took').every((result) => result === 'DataDirLockedError'), results.join(' ')).toBe(true);
    }
  }, 60_000);

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
