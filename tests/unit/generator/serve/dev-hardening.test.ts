import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raw, startEditor, type EditorServer } from '../../../helpers/editor-server.js';
import { contentWithFixture, ROOT } from '../../../helpers/content.js';

/**
 * `site dev` with the editor, against what a stranger's page or a careless operator does: a
 * foreign Host, a link in content/ to a huge folder, a file broken beyond reading, a stalled
 * upload. The server keeps answering, the editor keeps working on the other files, and nothing
 * it shows carries a stack or this computer's folders.
 */
let editor: EditorServer;

beforeAll(async () => {
  editor = await startEditor();
}, 60_000);
afterAll(async () => {
  await editor?.close();
});

/** Asks for `/` until the overlay (status 500) does or does not show `text`: the server rebuilds after each change. */
async function pageOnceRebuilt(accept: (page: { status: number; text: string }) => boolean) {
  for (;;) {
    const page = await raw(editor.port, { target: '/' });
    if (accept(page)) return page;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('every site dev answer checks Host, as the editor does', () => {
  it.each(['/', '/about/', '/__dev/events', '/__dev/reload.js', '/__dev/overlay.css', '/404.html', '/sitemap.xml'])(
    '%s answers a rebound domain with 403',
    async (target) => {
      const answer = await raw(editor.port, { target, headers: { host: `attacker.example:${editor.port}` } });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('<html');
    },
  );

  it('answers 127.0.0.1, localhost and the port it listens on', async () => {
    expect((await raw(editor.port, { target: '/' })).status).toBe(200);
    expect((await raw(editor.port, { target: '/', headers: { host: `localhost:${editor.port}` } })).status).toBe(200);
    expect((await raw(editor.port, { target: '/', headers: { host: `127.0.0.1:${editor.port + 1}` } })).status).toBe(403);
    expect((await raw(editor.port, { target: '/', headers: { host: 'localhost' } })).status).toBe(403);
  });
});

describe('a file broken beyond reading', () => {
  it.each([
    ['3,000 levels of "? "', 'testimonials:\n  ' + '? '.repeat(3000) + 'x\n'],
    ['3,000 levels of "- "', 'testimonials:\n  ' + '- '.repeat(3000) + 'x\n'],
  ])('(%s) is shown located, and the editor still opens every other file', async (_, text) => {
    const file = path.join(editor.contentDir, 'testimonials.yaml');
    const kept = await readFile(file, 'utf8');
    await writeFile(file, text);
    try {
      const page = await pageOnceRebuilt((p) => p.status === 500 && p.text.includes('testimonials.yaml:2:'));
      expect(page.text).not.toContain(ROOT);
      expect(page.text).not.toContain(editor.dir);
      expect(page.text).not.toMatch(/\n\s+at \S/);
      for (const other of ['site.yaml', 'services.yaml', 'ml/pages/home.yaml']) {
        const read = await editor.api('GET', `/__edit/api/file?file=${other}`);
        expect(read.status, `${other}: ${read.text.slice(0, 300)}`).toBe(200);
      }
      const files = await editor.api('GET', '/__edit/api/files');
      expect(files.status).toBe(200);
    } finally {
      await writeFile(file, kept);
      await pageOnceRebuilt((p) => p.status === 200);
    }
  });
});

describe('links in content/', () => {
  it('a link to /usr is reported where it is, not followed, and the server keeps answering', async () => {
    const link = path.join(editor.contentDir, 'zz');
    await symlink('/usr', link);
    try {
      const page = await pageOnceRebuilt((p) => p.status === 500 && p.text.includes('content/zz'));
      expect(page.text).toContain('zz is a link to another place.');
      expect((await editor.api('GET', '/__edit/api/file?file=site.yaml')).status).toBe(200);
    } finally {
      await rm(link);
      await pageOnceRebuilt((p) => p.status === 200);
    }
  });
});

describe('a link to /usr already in content/ when site dev starts', () => {
  it('starts and serves without walking it', async () => {
    const dir = await contentWithFixture();
    await symlink('/usr', path.join(dir, 'content', 'zz'));
    const linked = await startEditor({ dir });
    try {
      const page = await raw(linked.port, { target: '/' });
      expect(page.status).toBe(500);
      expect(page.text).toContain('zz is a link to another place.');
      expect((await linked.api('GET', '/__edit/api/file?file=site.yaml')).status).toBe(200);
    } finally {
      await linked.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 30_000);
});

describe('photo uploads', () => {
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a6' } })
      .png()
      .toBuffer();

  it('refuses ok.png beside OK.PNG: Windows and Mac count them as one name', async () => {
    const bytes = await png();
    const first = await editor.api('POST', '/__edit/api/upload?name=OK.PNG', bytes, { 'content-type': 'image/png' });
    expect(first.status).toBe(201);
    const second = await editor.api('POST', '/__edit/api/upload?name=ok.png', bytes, { 'content-type': 'image/png' });
    expect(second.status).toBe(409);
    expect(second.json().message).toContain('A photo named OK.PNG, which differs from ok.png only in capitals');
    await rm(path.join(editor.contentDir, 'images', 'OK.PNG'));
  });

  it('a stalled upload (100 of 100,000 bytes) does not hold up a save', async () => {
    const socket = connect(editor.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      [
        'POST /__edit/api/upload?name=stalled.png HTTP/1.1',
        `Host: 127.0.0.1:${editor.port}`,
        `Origin: http://127.0.0.1:${editor.port}`,
        `X-Editor-Token: ${editor.token}`,
        'Content-Type: image/png',
        'Content-Length: 100000',
        '',
        '',
      ].join('\r\n') + 'x'.repeat(100),
    );
    try {
      // The upload's first bytes are in; a save now must be answered while it waits for the rest.
      const opened = (await editor.api('GET', '/__edit/api/file?file=whatsapp.yaml')).json();
      const save = await editor.api('POST', '/__edit/api/save', { file: 'whatsapp.yaml', value: opened.value, version: opened.version });
      expect(save.status, save.text.slice(0, 300)).toBeLessThan(500);
      expect(save.status).not.toBe(0);
    } finally {
      socket.destroy();
    }
  });
});
