// @vitest-environment node
// The browser client against a REAL server process that is stopped and started again: it must reconnect,
// tell its users to refetch, and receive changes made after the restart. The server runs as a child process
// (never imported: web code talks to the server over the network only).
/* eslint-disable no-restricted-imports -- test-only: Node spawns the server and `ws` stands in for the browser's WebSocket */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
/* eslint-enable no-restricted-imports */
import type { ChangeMessage } from '@grove/domain/realtime/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { RealtimeClient, type RealtimeStatus, type SocketLike } from './realtime-client';

// The shared setup file clears web storage after every test; Node 20 has none, and this test uses none.
globalThis.localStorage ??= { clear() {} } as unknown as Storage;
globalThis.sessionStorage ??= { clear() {} } as unknown as Storage;

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');
const KEY = 'restart-test-secret-key';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves when the predicate holds, polling every 20 ms; fails with `what` after the timeout. */
async function until(what: string, predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'grove-restart-'));
let port = 0;
let base = '';
let server: ChildProcess | undefined;
let output = '';

async function startServer(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ADMIN_SECRET_KEY: KEY, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server = child;
  let healthy = false;
  await until(`the server to answer (output: ${output})`, () => {
    fetch(`${base}/api/health`).then((response) => (healthy = response.ok), () => {});
    return healthy || child.exitCode !== null;
  }, 90_000);
  if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
}

async function stopServer(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function createPost(title: string): Promise<void> {
  const login = await fetch(`${base}/api/admin/session`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ key: KEY }),
  });
  expect(login.status).toBe(204);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const created = await fetch(`${base}/api/posts`, {
    method: 'POST', headers: { 'content-type': 'application/json', origin: base, cookie },
    body: JSON.stringify({ title, excerpt: 'e', content: '<p>c</p>' }),
  });
  expect(created.status).toBe(201);
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await startServer();
}, 120_000);

afterAll(async () => {
  await stopServer();
  rmSync(dataDir, { recursive: true, force: true });
});

it('reconnects after a real server restart, asks for a refetch, and receives later changes', async () => {
  const client = new RealtimeClient({
    url: `ws://127.0.0.1:${port}/api/realtime`,
    // ws's socket has the browser WebSocket's on* properties; its event types are ws's own, hence the cast.
    createSocket: (url) => new WebSocket(url, { headers: { origin: base } }) as unknown as SocketLike,
    reconnectDelaysMs: [100, 250, 500],
  });
  const statuses: RealtimeStatus[] = [];
  const titles: string[] = [];
  let refetches = 0;
  client.onStatus((status) => statuses.push(status));
  client.onRefetch(() => (refetches += 1));
  client.subscribe('blog_posts', (message: ChangeMessage) => {
    if (message.table === 'blog_posts' && message.new) titles.push(message.new.title);
  });
  try {
    client.connect();
    await until('the first connection', () => statuses.includes('open'));
    await createPost('Before restart');
    await until('the change before the restart', () => titles.includes('Before restart'));
    expect(refetches).toBe(0);

    await stopServer();
    await until('the client to notice the close', () => statuses.at(-1) !== 'open');
    await startServer();

    await until('the refetch notice after reconnecting', () => refetches === 1);
    expect(statuses.at(-1)).toBe('open');
    expect(statuses.filter((status) => status === 'open').length).toBeGreaterThanOrEqual(2);
    await createPost('After restart');
    await until('the change after the restart', () => titles.includes('After restart'));
    expect(titles).toEqual(['Before restart', 'After restart']);
  } finally {
    client.close();
  }
}, 180_000);
