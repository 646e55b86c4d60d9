import { IMAGE_WIDTHS, imageVariantUrl } from '@grove/domain/content/image-variants';
import { siteContentListSchema, siteContentSchema } from '@grove/domain/content/site-content';
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ENGINES, ORIGIN, useContentApp } from './helpers/test-app.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A multipart body with one file part per entry (all image/png). */
function multipartFiles(files: Array<[filename: string, bytes: Buffer]>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----grove-test-boundary';
  const parts = files.flatMap(([filename, bytes], i) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file${i}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`),
    bytes, Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const multipart = (filename: string, bytes: Buffer) => multipartFiles([[filename, bytes]]);

describe.each(ENGINES)('site content, storage and documents on %s', (engine) => {
  const t = useContentApp(engine);

  const upload = (filename: string, bytes: Buffer, headers = t.admin) => {
    const body = multipart(filename, bytes);
    return t.app.inject({ method: 'POST', url: '/api/storage/blog_images', payload: body.payload, headers: { ...headers, ...body.headers } });
  };

  it('serves each static page publicly and 404s unknown slugs', async () => {
    const about = await t.app.inject({ method: 'GET', url: '/api/site-content/about' });
    expect(siteContentSchema.parse(about.json())).toMatchObject({ slug: 'about', title: 'About Us' });
    for (const slug of ['nope', 'About', '..%2Fetc']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/site-content/${slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Page not found.' });
    }
  });

  it('lists pages by slug and updates content for the t.admin only, sanitised', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/site-content' })).statusCode).toBe(401);
    const list = siteContentListSchema.parse((await t.app.inject({ method: 'GET', url: '/api/site-content', headers: t.admin })).json());
    expect(list.map((page) => page.slug)).toEqual(['about', 'contact', 'privacy', 'terms']);
    const unauth = await t.app.inject({ method: 'PATCH', url: '/api/site-content/terms', headers: { origin: ORIGIN }, payload: { content: 'x' } });
    expect(unauth.statusCode).toBe(401);
    const updated = await t.app.inject({
      method: 'PATCH', url: '/api/site-content/terms', headers: t.admin, payload: { content: '<p>New terms<script>x</script><img src=x onerror=alert(1)></p>' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<{ content: string }>().content).toBe('<p>New terms<img /></p>');
    expect((await t.app.inject({ method: 'GET', url: '/api/site-content/terms' })).json()).toMatchObject({ content: '<p>New terms<img /></p>' });
    for (const payload of [{}, { content: '   ' }, { content: '<script>only</script>' }]) {
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/site-content/terms', headers: t.admin, payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'Content is required.' });
    }
    expect((await t.app.inject({ method: 'PATCH', url: '/api/site-content/nope', headers: t.admin, payload: { content: 'x' } })).statusCode).toBe(404);
  });

  it('stores an image checked by content, names it safely and serves it with type, ETag and a long cache', async () => {
    const response = await upload('My Holiday Photo (1).PNG', PNG);
    expect(response.statusCode).toBe(201);
    const { url, name } = response.json<{ url: string; name: string }>();
    expect(name).toMatch(/^\d{13}_My_Holiday_Photo_1.png$/i);
    expect(url).toBe(`/storage/blog_images/${name}`);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(image.headers.etag) } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': `W/${String(image.headers.etag)}` } })).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/storage/blog_images/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/storage/other/x.png' })).statusCode).toBe(404);
  });

  it('serves WebP copies of an uploaded image at the widths the pages ask for, never wider than the image', async () => {
    const photo = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#3a7d44' } }).png().toBuffer();
    const { url } = (await upload('cover.png', photo)).json<{ url: string }>();
    const [made] = await t.database.db.query<{ n: number }>('select count(*)::int as n from storage_variants where bytes is not null');
    expect(made?.n).toBe(IMAGE_WIDTHS.length);
    for (const width of IMAGE_WIDTHS) {
      const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, width) });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: Math.min(width, 1000), height: Math.min(width, 1000) / 2 });
      expect(copy.rawPayload.byteLength).toBeLessThan(photo.byteLength);
      expect((await t.app.inject({ method: 'GET', url: imageVariantUrl(url, width), headers: { 'if-none-match': String(copy.headers.etag) } })).statusCode).toBe(304);
    }
    const gif = (await upload('party.gif', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).json<{ url: string }>().url;
    for (const missing of [`${url}/w640.webp`, `${url}/w0800.webp`, `${url}/w800.png`, `${gif}/w800.webp`, '/storage/blog_images/missing.png/w800.webp',
      '/storage/other/x.png/w800.webp']) {
      expect((await t.app.inject({ method: 'GET', url: missing })).statusCode, missing).toBe(404);
    }
  });

  it('makes a copy at its first request for an image stored before copies were made', async () => {
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#d97706' } }).jpeg().toBuffer();
    const name = `${Date.now()}_older.jpg`;
    await t.database.db.query(
      'insert into storage_objects (bucket, name, content_type, size, sha256, bytes) values ($1, $2, $3, $4, $5, $6)',
      ['blog_images', name, 'image/jpeg', photo.byteLength, createHash('sha256').update(photo).digest('hex'), photo],
    );
    const url = imageVariantUrl(`/storage/blog_images/${name}`, 500);
    const copies = await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url })));
    for (const copy of copies) {
      expect(copy.statusCode).toBe(200);
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 500, height: 333 });
    }
    const rows = await t.database.db.query<{ width: number }>('select width from storage_variants where name = $1', [name]);
    expect(rows).toEqual([{ width: 500 }]);
  });

  it('answers a copy of a file it cannot convert with the file itself, without trying again', async () => {
    const { url } = (await upload('header-only.png', PNG)).json<{ url: string }>();
    const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(url, 800) });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/png');
    expect(copy.rawPayload.equals(PNG)).toBe(true);
    const [rows] = await t.database.db.query<{ n: number }>('select count(*)::int as n from storage_variants where bytes is null');
    expect(rows?.n).toBe(IMAGE_WIDTHS.length);
  });

  it('keeps the name and only the extension in line with the real type', async () => {
    const named = (await upload('../../évil<script>.svg', PNG)).json<{ name: string }>().name;
    expect(named).toMatch(/^\d{13}_evilscript.png$/);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect((await upload('photo', jpeg)).json<{ name: string }>().name).toMatch(/^\d{13}_photo.jpg$/);
    // A long name is cut, and the URL of what was stored still answers (Fastify refuses long path parameters).
    const long = await upload(`${'Quarterly garden planning board '.repeat(6)}.png`, PNG);
    const { url, name } = long.json<{ url: string; name: string }>();
    expect(name.length).toBeGreaterThan(100);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('refuses non-images, empty and too-large files, and anonymous uploads', async () => {
    const svg = await upload('x.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    expect(svg.statusCode).toBe(415);
    expect(svg.json<{ error: string }>().error).toMatch(/valid image file/);
    expect((await upload('x.png', Buffer.alloc(0))).statusCode).toBe(400);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload('big.png', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ error: 'File is too large. Please select an image under 5MB.' });
    expect((await upload('x.png', PNG, { origin: ORIGIN })).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: '/api/storage/blog_images', headers: t.admin, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    // Malformed multipart bodies: no boundary, a part cut short, a broken part header. The client's fault: 400.
    const whole = multipart('x.png', PNG);
    const malformed: Array<[string, Buffer]> = [
      ['multipart/form-data', Buffer.from('abc')],
      [whole.headers['content-type']!, whole.payload.subarray(0, whole.payload.length - 30)],
      [whole.headers['content-type']!, Buffer.from('------grove-test-boundary\r\nContent-Disposition form-data\r\n\r\nabc')],
    ];
    for (const [contentType, payload] of malformed) {
      const response = await t.app.inject({
        method: 'POST', url: '/api/storage/blog_images', payload, headers: { ...t.admin, 'content-type': contentType },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/^(The upload could not be read|No file received)/);
    }
    // Two files in one upload: refused whole, the first one is not stored either.
    const two = multipartFiles([['a.png', PNG], ['b.png', PNG]]);
    const twoFiles = await t.app.inject({ method: 'POST', url: '/api/storage/blog_images', payload: two.payload, headers: { ...t.admin, ...two.headers } });
    expect(twoFiles.statusCode).toBe(400);
    expect(twoFiles.json()).toEqual({ error: 'Send one image at a time.' });
    const [row] = await t.database.db.query<{ n: number }>('select count(*)::int as n from storage_objects');
    expect(row?.n).toBe(0);
  });

  it('sends security headers with a CSP the SPA can live with, and no stack traces', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/posts' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self'`);
    expect(csp).toContain(`style-src 'self' 'unsafe-inline'`);
    expect(csp).toContain('img-src \'self\' data: blob:');
    expect(csp).toContain('connect-src \'self\';');
    expect(csp).toContain(`frame-ancestors 'none'`);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const notFound = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toEqual({ error: 'Not found.' });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = response.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/api/health', '/api/posts', '/api/posts/{id}', '/api/site-content/{slug}', '/api/admin/session', '/api/storage/blog_images',
    ]));
    const upload = doc.paths['/api/storage/blog_images']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '413', '415']));
    expect(JSON.stringify(doc.paths['/api/posts'])).toContain('"title"');
    // The write errors every cookie-authenticated call can meet, and both names of the session cookie.
    const create = doc.paths['/api/posts']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '413', '415']));
    expect(response.body).toContain('__Host-grove_admin_session');
  });
});
