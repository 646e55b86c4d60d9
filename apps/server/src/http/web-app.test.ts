import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSpaPath, registerWebApp } from './web-app.ts';

describe('isSpaPath', () => {
  it('never gives index.html for the API, storage or robots.txt', () => {
    for (const path of ['/api', '/api/health', '/api/posts/1', '/storage', '/storage/blog_images/a.png', '/robots.txt']) {
      expect(isSpaPath(path), path).toBe(false);
    }
    for (const path of ['/', '/dashboard', '/blog/42', '/notes-and-docs/page-1', '/apis', '/storage-room']) {
      expect(isSpaPath(path), path).toBe(true);
    }
  });
});

describe('serving the built web app', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'grove-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Grove</title><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
    writeFileSync(path.join(dist, 'theme-init.js'), '/* theme */');
    app = Fastify();
    app.get('/api/health', () => ({ status: 'ok' }));
    await registerWebApp(app, dist);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.body).toContain('console.log');
  });

  it('revalidates files that are not hashed', async () => {
    const response = await app.inject('/theme-init.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers app routes with index.html, revalidated', async () => {
    for (const url of ['/', '/dashboard', '/blog/7?ref=x', '/notes-and-docs/page-1']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown API, storage and robots paths with a JSON 404, never index.html', async () => {
    for (const url of ['/api/nope', '/storage/blog_images/missing.png', '/robots.txt', '/api']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it('does not answer writes with index.html', async () => {
    const response = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(response.statusCode).toBe(404);
  });

  it('still serves the API', async () => {
    const response = await app.inject('/api/health');
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
