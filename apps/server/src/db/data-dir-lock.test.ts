import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../../test/helpers/temp-dir.ts';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

/** The pid of a process of this host that has exited. */
const deadPid = () => new Promise<number>((resolve) => {
  const child = spawn(process.execPath, ['-e', '0']);
  child.once('exit', () => resolve(child.pid ?? 0));
});

const lockText = (pid: number, host = hostname()) => `${JSON.stringify({ pid, host, startedAt: '2020-01-01T00:00:00.000Z' })}\n`;

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

  it('writes pid, host and start time, refuses a second lock in this same process, and releases', () => {
    const data = dir();
    const release = lockDataDir(data);
    const held = JSON.parse(readFileSync(lockFile(data), 'utf8')) as { pid: number; host: string; startedAt: string };
    expect(held).toMatchObject({ pid: process.pid, host: hostname() });
    expect(Number.isNaN(Date.parse(held.startedAt))).toBe(false);
    expect(() => lockDataDir(data)).toThrow(new RegExp(`in use by another Grove server \\(pid ${process.pid}\\)`));
    release();
    expect(readdirSync(data)).toEqual([]);
    lockDataDir(data)();
  });

  it('takes over a lock of this host whose process is gone', async () => {
    const data = dir();
    writeFileSync(lockFile(data), lockText(await deadPid()));
    const release = lockDataDir(data);
    expect(JSON.parse(readFileSync(lockFile(data), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(readdirSync(data)).toEqual([]);
  });

  it('takes over a lock holding our own pid from an earlier run (a container restarted as pid 1)', () => {
    const data = dir();
    writeFileSync(lockFile(data), lockText(process.pid));
    const release = lockDataDir(data);
    expect(readFileSync(lockFile(data), 'utf8')).not.toContain('2020-01-01');
    release();
  });

  it('refuses while the recorded process of this host is running', async () => {
    const data = dir();
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    try {
      await new Promise((resolve) => child.once('spawn', resolve));
      writeFileSync(lockFile(data), lockText(child.pid ?? 0));
      expect(() => lockDataDir(data)).toThrow(new RegExp(`in use by another Grove server \\(pid ${child.pid}\\)`));
      expect(readFileSync(lockFile(data), 'utf8')).toBe(lockText(child.pid ?? 0));
    } finally {
      child.kill();
    }
  });

  it('never takes over a lock of another host, and names the file to delete', async () => {
    const data = dir();
    // Dead here, but it is another host's pid: it cannot be checked from here.
    writeFileSync(lockFile(data), lockText(await deadPid(), 'other-host'));
    expect(() => lockDataDir(data)).toThrow(/in use by another Grove server \(pid \d+ on host other-host\)/);
    expect(() => lockDataDir(data)).toThrow(`delete ${lockFile(data)}`);
    expect(readFileSync(lockFile(data), 'utf8')).toContain('other-host');
  });

  it('refuses a lock it cannot read (being written, or from an older Grove), naming the file to delete', () => {
    const data = dir();
    writeFileSync(lockFile(data), '');
    expect(() => lockDataDir(data)).toThrow(DataDirLockedError);
    writeFileSync(lockFile(data), '12345\n2020-01-01T00:00:00.000Z\n');
    expect(() => lockDataDir(data)).toThrow(`delete ${lockFile(data)}`);
  });

  it('lets exactly one of several processes racing for a missing or a stale lock take it', async () => {
    const module = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
    // Each racer says it is ready, then tries every directory it is sent and holds what it got until stdin ends.
    const racer = `
      const { lockDataDir } = await import(${JSON.stringify(module)});
      const { createInterface } = await import('node:readline');
      process.stdout.write('ready\\n');
      createInterface({ input: process.stdin }).on('line', (dir) => {
        let result;
        try { lockDataDir(dir); result = 'took'; } catch (error) {
          result = error.name === 'DataDirLockedError' ? error.name : error.name + ': ' + error.message;
        }
        process.stdout.write(result + '\\n');
      });`;
    const children = Array.from({ length: 4 }, () => spawn(
      process.execPath, ['--import', 'tsx', '--input-type=module', '-e', racer], { stdio: ['pipe', 'pipe', 'inherit'] },
    ));
    try {
      const lines = children.map((child) => {
        const queue: string[] = [];
        const waiting: Array<(line: string) => void> = [];
        createInterface({ input: child.stdout }).on('line', (line) => {
          const wake = waiting.shift();
          if (wake) wake(line);
          else queue.push(line);
        });
        return () => new Promise<string>((resolve) => {
          const line = queue.shift();
          if (line !== undefined) resolve(line);
          else waiting.push(resolve);
        });
      });
      expect(await Promise.all(lines.map((next) => next()))).toEqual(['ready', 'ready', 'ready', 'ready']);
      for (let round = 0; round < 6; round += 1) {
        const data = dir();
        if (round % 2 === 1) writeFileSync(lockFile(data), lockText(await deadPid()));
        for (const child of children) child.stdin.write(`${data}\n`);
        const results = await Promise.all(lines.map((next) => next()));
        expect(results.filter((result) => result === 'took'), results.join(' ')).toHaveLength(1);
        expect(results.filter((result) => result !== 'took').every((result) => result === 'DataDirLockedError'), results.join(' ')).toBe(true);
        // The winner's lock, whole; no takeover or temporary file left behind.
        expect(readdirSync(data)).toEqual(['grove-server.lock']);
        expect(readFileSync(lockFile(data), 'utf8')).not.toContain('2020-01-01');
      }
    } finally {
      for (const child of children) child.stdin.end();
      await Promise.all(children.map((child) => new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once('exit', resolve);
      })));
    }
  }, 60_000);
});
