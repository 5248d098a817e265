import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SetAside, recoverSetAside } from '../../../../../generator/editor/content/aside.js';
import { UNUSED_UPLOAD_MS, UploadLedger } from '../../../../../generator/editor/content/uploads.js';
import { gitProject, type GitProject } from '../../../../helpers/editor-git.js';
import { startEditor, type EditorServer, type RawResponse } from '../../../../helpers/editor-server.js';

const DAY_AND_A_BIT = UNUSED_UPLOAD_MS + 60_000;

async function folders() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-uploads-'));
  const content = path.join(dir, 'content');
  await mkdir(path.join(content, 'images'), { recursive: true });
  await writeFile(path.join(content, 'services.yaml'), 'services: []\n');
  return { dir, content, ledger: new UploadLedger(content, path.join(dir, 'cache')) };
}

const exists = (file: string) =>
  readFile(file).then(
    () => true,
    () => false,
  );

describe('the editor’s own uploads', () => {
  it('are not the content’s until a saved file names them, and one left unused is removed after a day', async () => {
    const { dir, content, ledger } = await folders();
    try {
      const bytes = Buffer.from('a photo');
      await writeFile(path.join(content, 'images/van.jpg'), bytes);
      await writeFile(path.join(content, 'images/crew.jpg'), bytes);
      const start = Date.now();
      await ledger.record('van.jpg', bytes, start);
      await ledger.record('crew.jpg', bytes, start);
      expect(await ledger.unused()).toEqual(['images/van.jpg', 'images/crew.jpg']);

      await writeFile(path.join(content, 'services.yaml'), 'services:\n  - image: { src: images/crew.jpg, alt: Our crew }\n');
      expect(await ledger.unused()).toEqual(['images/van.jpg']);

      expect(await ledger.sweep(start + 60_000)).toEqual([]);
      expect(await exists(path.join(content, 'images/van.jpg'))).toBe(true);
      expect(await ledger.sweep(start + DAY_AND_A_BIT)).toEqual(['images/van.jpg']);
      expect(await exists(path.join(content, 'images/van.jpg'))).toBe(false);
      expect(await exists(path.join(content, 'images/crew.jpg'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('never removes a photo the editor did not upload, nor one changed since it was uploaded', async () => {
    const { dir, content, ledger } = await folders();
    try {
      await writeFile(path.join(content, 'images/by-hand.jpg'), 'copied in by hand');
      await writeFile(path.join(content, 'images/edited.jpg'), 'uploaded');
      await ledger.record('edited.jpg', Buffer.from('uploaded'), 0);
      await writeFile(path.join(content, 'images/edited.jpg'), 'cropped in a photo program since');
      expect(await ledger.sweep(DAY_AND_A_BIT)).toEqual([]);
      expect(await exists(path.join(content, 'images/by-hand.jpg'))).toBe(true);
      expect(await exists(path.join(content, 'images/edited.jpg'))).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('uploads set aside for a publish', () => {
  it('come back under a free name when theirs was taken meanwhile, never over the photo that came', async () => {
    const { dir, content } = await folders();
    try {
      await writeFile(path.join(content, 'images/van.jpg'), 'set aside');
      const aside = await SetAside.take(content, ['images/van.jpg', 'images/gone.jpg']);
      expect(aside.names).toEqual(['van.jpg']);
      expect(aside.holds('VAN.jpg')).toBe(true);
      expect(await exists(path.join(content, 'images/van.jpg'))).toBe(false);
      await writeFile(path.join(content, 'images/van.jpg'), 'came meanwhile');
      expect(await aside.restore()).toEqual([{ from: 'van.jpg', to: 'van-2.jpg' }]);
      expect(await readFile(path.join(content, 'images/van.jpg'), 'utf8')).toBe('came meanwhile');
      expect(await readFile(path.join(content, 'images/van-2.jpg'), 'utf8')).toBe('set aside');
      expect((await readdir(path.join(content, 'images'))).sort()).toEqual(['van-2.jpg', 'van.jpg']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('are put back when the editor starts again after stopping mid-publish', async () => {
    const { dir, content } = await folders();
    try {
      await writeFile(path.join(content, 'images/crew.jpg'), 'set aside');
      await SetAside.take(content, ['images/crew.jpg']);
      expect(await recoverSetAside(content)).toEqual([]);
      expect(await readdir(path.join(content, 'images'))).toEqual(['crew.jpg']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('publishing with an upload no saved file names', () => {
  let project: GitProject;
  let editor: EditorServer;
  beforeAll(async () => {
    project = await gitProject();
    editor = await startEditor({ dir: project.dir });
  });
  afterAll(async () => {
    await editor?.close();
    await rm(project.dir, { recursive: true, force: true });
    await rm(path.dirname(project.remote), { recursive: true, force: true });
  });

  it('neither lists it nor commits it, and leaves it in place for the form that will name it', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    expect((await editor.api('POST', '/__edit/api/upload?name=abandoned.jpg', photo, { 'content-type': 'image/jpeg' })).status).toBe(201);
    const opened = (await editor.api('GET', '/__edit/api/file?file=whatsapp.yaml')).json();
    const value = structuredClone(opened.value);
    value.subtitle = 'We answer within the hour';
    expect((await editor.api('POST', '/__edit/api/save', { file: 'whatsapp.yaml', value, version: opened.version })).status).toBe(200);

    const status = (await editor.api('GET', '/__edit/api/publish')).json();
    expect(status.changed).toEqual(['content/whatsapp.yaml']);
    const published = await editor.api('POST', '/__edit/api/publish', { message: 'A quicker answer', sendToFolder: project.remote });
    expect(published.status, published.text).toBe(200);
    expect(project.git(['show', '--name-only', '--format=', 'HEAD']).trim()).toBe('content/whatsapp.yaml');
    expect(await readFile(path.join(project.dir, 'content/images/abandoned.jpg'))).toEqual(photo);
  });

  it('publish overwriting a photo uploaded while it runs: the name Publish set aside is refused, so nothing is put back over a new photo', async () => {
    const first = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    const second = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#33a' } })
      .jpeg()
      .toBuffer();
    expect((await editor.api('POST', '/__edit/api/upload?name=van.jpg', first, { 'content-type': 'image/jpeg' })).status).toBe(201);
    const opened = (await editor.api('GET', '/__edit/api/file?file=whatsapp.yaml')).json();
    expect(
      (
        await editor.api('POST', '/__edit/api/save', {
          file: 'whatsapp.yaml',
          value: { ...opened.value, subtitle: 'We answer at once' },
          version: opened.version,
        })
      ).status,
    ).toBe(200);

    // A slow remote: the push waits until the test lets it go on.
    const started = path.join(path.dirname(project.remote), 'push-started');
    const release = path.join(path.dirname(project.remote), 'push-release');
    await writeFile(
      path.join(project.remote, 'hooks', 'pre-receive'),
      `#!/bin/sh\ncat >/dev/null\n: > '${started}'\nn=0\nwhile [ ! -e '${release}' ] && [ $n -lt 1200 ]; do sleep 0.05; n=$((n+1)); done\nexit 0\n`,
      { mode: 0o755 },
    );
    const publishing = editor.api('POST', '/__edit/api/publish', { message: 'A quicker answer', sendToFolder: project.remote });
    let upload: RawResponse | undefined;
    try {
      await expect.poll(() => exists(started), { timeout: 60_000 }).toBe(true);
      upload = await editor.api('POST', '/__edit/api/upload?name=van.jpg', second, { 'content-type': 'image/jpeg' });
    } finally {
      await writeFile(release, '');
    }
    expect((await publishing).status).toBe(200);
    expect(upload?.status).toBe(409);
    expect(upload!.json().message).toMatch(/^Publish is under way.*upload van\.jpg/);
    // Whatever was answered, no photo was put back over another: the one upload taken is there.
    expect(await readFile(path.join(project.dir, 'content/images/van.jpg'))).toEqual(first);
    expect(project.git(['status', '--porcelain=v1', '--untracked-files=all', '--', 'content']).trim().split('\n')).toEqual([
      '?? content/images/abandoned.jpg',
      '?? content/images/van.jpg',
    ]);
  });
});

describe('the day-old cleanup and changes it cannot see', () => {
  let project: GitProject;
  beforeEach(async () => {
    project = await gitProject();
  });
  afterEach(async () => {
    await rm(project.dir, { recursive: true, force: true });
    await rm(path.dirname(project.remote), { recursive: true, force: true });
  });
  const content = () => path.join(project.dir, 'content');
  const nameIn = async (file: string, photo: string) => {
    const text = await readFile(path.join(content(), file), 'utf8');
    await writeFile(
      path.join(content(), file),
      text.replace(/^(services:\n\s+- )/m, `$1image: { src: images/${photo}, alt: Our crew at work }\n    `),
    );
  };

  it('cleanup deleting a photo a stashed save names: an upload leaves the ledger as soon as a saved file names it', async () => {
    const editor = await startEditor({ dir: project.dir });
    try {
      const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#963' } })
        .jpeg()
        .toBuffer();
      expect((await editor.api('POST', '/__edit/api/upload?name=crew.jpg', photo, { 'content-type': 'image/jpeg' })).status).toBe(201);
      const opened = (await editor.api('GET', '/__edit/api/file?file=services.yaml')).json();
      opened.value.services[0].image = { src: 'images/crew.jpg', alt: 'Our crew at work' };
      expect(
        (await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: opened.value, version: opened.version })).status,
      ).toBe(200);
    } finally {
      await editor.close();
    }
    // The saved change is put away for a while (the photo, not yet in git, stays), a day passes.
    project.git(['stash', '--quiet']);
    expect(await new UploadLedger(content()).sweep(Date.now() + DAY_AND_A_BIT)).toEqual([]);
    project.git(['stash', 'pop', '--quiet']);
    expect(await exists(path.join(content(), 'images/crew.jpg'))).toBe(true);
  });

  it('removes nothing while git shows a change under content/ that is not one of its uploads: a stash, or a file changed by hand', async () => {
    const ledger = new UploadLedger(content(), path.join(path.dirname(project.remote), 'cache'));
    await mkdir(path.join(content(), 'images'), { recursive: true });
    await writeFile(path.join(content(), 'images/crew.jpg'), 'uploaded');
    await ledger.record('crew.jpg', Buffer.from('uploaded'), 0);
    await writeFile(path.join(content(), 'images/van.jpg'), 'uploaded too');
    await ledger.record('van.jpg', Buffer.from('uploaded too'), 0);

    // Named in a text editor, then stashed: the ledger never saw it named.
    await nameIn('services.yaml', 'crew.jpg');
    project.git(['stash', '--quiet']);
    expect(await ledger.sweep(DAY_AND_A_BIT)).toEqual([]);
    project.git(['stash', 'pop', '--quiet']);
    // Now the file names crew.jpg: it leaves the ledger; services.yaml's change is not an upload.
    expect(await ledger.sweep(DAY_AND_A_BIT)).toEqual([]);
    expect(await exists(path.join(content(), 'images/van.jpg'))).toBe(true);

    project.git(['add', '--', 'content']);
    project.git(['commit', '--quiet', '-m', 'Crew photo']);
    expect(await ledger.sweep(DAY_AND_A_BIT)).toEqual(['images/van.jpg']);
    expect(await exists(path.join(content(), 'images/crew.jpg'))).toBe(true);
  });
});
