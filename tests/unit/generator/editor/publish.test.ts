import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';
import { gitProject, type GitProject } from '../../../helpers/editor-git.js';
import { publish as publishFiles } from '../../../../generator/editor/publish.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';

let project: GitProject;
let editor: EditorServer;
const temporary: string[] = [];

beforeEach(async () => {
  project = await gitProject();
  temporary.push(project.dir, path.dirname(project.remote));
  editor = await startEditor({ dir: project.dir });
});

afterEach(async () => {
  await editor?.close();
});

afterAll(async () => {
  for (const dir of temporary) await rm(dir, { recursive: true, force: true });
});

/** Everything git knows about the working tree and where HEAD is: a refusal must leave all of it as it was. */
const state = () => ({
  status: project.git(['status', '--porcelain=v1', '--untracked-files=all']),
  head: project.git(['rev-parse', 'HEAD']),
  remote: project.git(['rev-parse', 'main'], project.remote),
});

async function changePrice(price: number) {
  const opened = (await editor.api('GET', '/__edit/api/file?file=services.yaml')).json();
  opened.value.services[0].pricing.starting = price;
  const saved = await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: opened.value, version: opened.version });
  expect(saved.status).toBe(200);
}

// The remote is a bare repository on disk: each publish says yes to sending there, as the owner would.
const publish = (message: string) => editor.api('POST', '/__edit/api/publish', { message, sendToFolder: project.remote });
const SIGNED = { name: 'Test Operator', email: 'operator@example.com' };

describe('publishing from the editor', () => {
  it('commits exactly the changed content files, a new photo included, and pushes them to the remote', async () => {
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toEqual({
      repository: true,
      changed: [],
      blocking: [],
      remote: project.remote,
      folder: true,
      identity: SIGNED,
      unpushed: 0,
    });
    await changePrice(9499);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#369' } })
      .jpeg()
      .toBuffer();
    expect((await editor.api('POST', '/__edit/api/upload?name=van.jpg', photo, { 'content-type': 'image/jpeg' })).status).toBe(201);
    // An upload is the content's once a saved file names it.
    const opened = (await editor.api('GET', '/__edit/api/file?file=services.yaml')).json();
    opened.value.services[0].image = { src: 'images/van.jpg', alt: 'Our van loaded for a house move' };
    expect(
      (await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: opened.value, version: opened.version })).status,
    ).toBe(200);
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toEqual({
      repository: true,
      changed: ['content/images/van.jpg', 'content/services.yaml'],
      blocking: [],
      remote: project.remote,
      folder: true,
      identity: SIGNED,
      unpushed: 0,
    });

    const answer = await publish('New price for house moves');
    expect(answer.status).toBe(200);
    const { commit, pushed } = answer.json();
    expect(pushed).toBe(true);
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(commit);
    expect(project.git(['log', '-1', '--format=%s', commit], project.remote).trim()).toBe('New price for house moves');
    expect(project.git(['diff-tree', '--no-commit-id', '--name-only', '-r', commit], project.remote).trim().split('\n')).toEqual([
      'content/images/van.jpg',
      'content/services.yaml',
    ]);
    const published = project.git(['show', `${commit}:content/services.yaml`], project.remote);
    expect(parse(published).services[0].pricing.starting).toBe(9499);
    expect(project.git(['status', '--porcelain=v1', '--untracked-files=all'])).toBe('');
  });

  it('leaves editors’ swap and backup files out, without refusing for them', async () => {
    await changePrice(9399);
    await writeFile(path.join(project.dir, 'content', '.services.yaml.swp'), 'swap');
    await writeFile(path.join(project.dir, 'content', '.DS_Store'), 'finder');
    await writeFile(path.join(project.dir, 'content', 'services.yaml~'), 'backup');
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toMatchObject({ changed: ['content/services.yaml'], blocking: [] });
    const answer = await publish('New price');
    expect(answer.status).toBe(200);
    expect(project.git(['diff-tree', '--no-commit-id', '--name-only', '-r', answer.json().commit]).trim()).toBe('content/services.yaml');
  });

  it('sends an earlier publish whose push failed, with nothing new to commit', async () => {
    await changePrice(9199);
    project.git(['commit', '--quiet', '-am', 'Published while offline']);
    const head = project.git(['rev-parse', 'HEAD']).trim();
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).not.toBe(head);
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toMatchObject({ changed: [], unpushed: 1 });
    const answer = await publish('Send it');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ commit: head, pushed: true });
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(head);
  });

  it('refuses when there is nothing to publish', async () => {
    const before = state();
    const answer = await publish('Nothing');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/^Nothing to publish/);
    expect(state()).toEqual(before);
  });

  it('refuses without a message', async () => {
    await changePrice(9599);
    const before = state();
    const answer = await publish('   ');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/Write a few words/);
    expect(state()).toEqual(before);
  });

  it('refuses, naming them, when other files have uncommitted changes', async () => {
    await changePrice(9699);
    await writeFile(path.join(project.dir, 'README.md'), '# Our site, edited\n');
    await writeFile(path.join(project.dir, 'notes.txt'), 'draft\n');
    await writeFile(path.join(project.dir, '.gitignore'), 'dist/\n');
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toMatchObject({
      changed: ['content/services.yaml'],
      blocking: ['.gitignore', 'README.md', 'notes.txt'],
    });
    const before = state();
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/\.gitignore, README\.md, notes\.txt/);
    expect(state()).toEqual(before);
  });

  it('refuses when the strict build would fail, with its messages', async () => {
    // The sample's own site.yaml still holds its sample phone numbers and addresses.
    const opened = (await editor.api('GET', '/__edit/api/file?file=site.yaml')).json();
    const sample = parse(await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8'));
    const saved = await editor.api('POST', '/__edit/api/save', {
      file: 'site.yaml',
      value: { ...opened.value, contact: sample.contact },
      version: opened.version,
    });
    expect(saved.status).toBe(200);
    const before = state();
    const answer = await publish('Contact details');
    expect(answer.status).toBe(409);
    const { message } = answer.json();
    expect(message).toMatch(/^The site would not pass the deploy's strict build/);
    // In the form's words: each sample value by its field's label, no line numbers.
    expect(message).toContain('content/site.yaml: Replace the sample value in Contact › Phone');
    expect(message).not.toMatch(/line \d/);
    expect(state()).toEqual(before);
  });

  it('refuses outside a git repository', async () => {
    await rm(path.join(project.dir, '.git'), { recursive: true, force: true });
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toEqual({
      repository: false,
      changed: [],
      blocking: [],
      remote: null,
      folder: false,
      identity: null,
      unpushed: 0,
    });
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/not a git repository/);
  });
});

describe('an upload no saved file names that came while publishing', () => {
  it('is left out of the commit, asked for at the commit itself', async () => {
    await changePrice(9599);
    await mkdir(path.join(project.dir, 'content/images'), { recursive: true });
    await writeFile(path.join(project.dir, 'content/images/late.jpg'), 'uploaded while publishing');
    const answer = await publishFiles({
      contentDir: path.join(project.dir, 'content'),
      message: 'New price',
      sendToFolder: project.remote,
      strictCheck: async () => undefined,
      unusedUploads: async () => ['images/late.jpg'],
    });
    expect(answer).toMatchObject({ status: 200, pushed: true });
    expect(project.git(['show', '--name-only', '--format=', 'HEAD']).trim()).toBe('content/services.yaml');
    expect(project.git(['status', '--porcelain=v1', '--untracked-files=all']).trim()).toBe('?? content/images/late.jpg');
  });
});

describe('what is typed into the editor reaches git only once checked', () => {
  const remoteUrl = () => project.git(['remote', 'get-url', 'origin']).trim();
  const identity = () => project.git(['config', '--local', '--get-regexp', '^user\\.']);

  it('address starting with "-" reaching git remote set-url as an option: refused in the editor’s own words', async () => {
    const said = {
      '-oProxyCommand=touch@github.com:x/y.git':
        /^"Your repository's address" starts with "-", which no repository's address does: copy it from the green Code button/,
      '--upload-pack=touch@github.com:x/y.git': /^"Your repository's address" starts with "-"/,
      // An option hidden after the user or the colon is no address either.
      'git@-oProxyCommand=x:y/z.git': /^"git@-oProxyCommand=x:y\/z.git" is not the address of a repository on a server/,
      'git@github.com:-x/y.git': /is not the address of a repository on a server/,
      'https://-x.example/y.git': /is not the address of a repository on a server/,
    };
    for (const [address, words] of Object.entries(said)) {
      const answer = await editor.api('POST', '/__edit/api/publish/address', { address });
      expect(answer.status, address).toBe(409);
      expect(answer.json().message, address).toMatch(words);
    }
    expect(remoteUrl()).toBe(project.remote);
  });

  it('NUL in the address, name or email showing Node’s "must be a string without null bytes": refused, naming the field', async () => {
    const address = await editor.api('POST', '/__edit/api/publish/address', { address: 'https://github.com/periyar/site\u0000.git' });
    expect(address.status).toBe(409);
    expect(address.json().message).toMatch(/^"Your repository's address" holds a character that cannot be typed/);
    expect(remoteUrl()).toBe(project.remote);

    await changePrice(9899);
    const before = state();
    const settings = identity();
    for (const [field, signed] of [
      ['Your name', { ...SIGNED, name: 'Asha\u0000 Menon' }],
      ['Your email', { ...SIGNED, email: 'asha@example.com\u0000' }],
      ['Your name', { ...SIGNED, name: 'Asha\u0007' }],
    ] as const) {
      const answer = await editor.api('POST', '/__edit/api/publish', { message: 'New price', sendToFolder: project.remote, ...signed });
      expect(answer.status, field).toBe(409);
      expect(answer.json(), field).toMatchObject({ needs: 'identity' });
      expect(answer.json().message, field).toMatch(new RegExp(`^"${field}" holds a character that cannot be typed`));
    }
    const message = await editor.api('POST', '/__edit/api/publish', { message: 'New\u0000 price', sendToFolder: project.remote });
    expect(message.status).toBe(409);
    expect(message.json().message).toMatch(/^"What did you change\?" holds a character that cannot be typed/);
    expect(state()).toEqual(before);
    expect(identity()).toBe(settings);
  });

  it('keeps a name starting with "-" as the name, never as an option of git config', async () => {
    await changePrice(9299);
    const answer = await editor.api('POST', '/__edit/api/publish', {
      message: 'New price',
      sendToFolder: project.remote,
      name: '--global',
      email: '-x@example.com',
    });
    expect(answer.status, answer.text).toBe(200);
    expect(project.git(['config', '--local', '--get', 'user.name']).trim()).toBe('--global');
    expect(project.git(['log', '-1', '--format=%an <%ae>']).trim()).toBe('--global <-x@example.com>');
  });
});

describe('when someone else published meanwhile', () => {
  /** Another copy of the site changes content files and pushes: someone publishing from elsewhere. */
  async function publishedElsewhere(
    changes: Record<string, (text: string) => string>,
    more?: (copy: string) => Promise<void>,
  ): Promise<string> {
    const other = await mkdtemp(path.join(os.tmpdir(), 'editor-other-'));
    temporary.push(other);
    project.git(['clone', '--quiet', project.remote, 'copy'], other);
    const copy = path.join(other, 'copy');
    for (const [file, change] of Object.entries(changes)) {
      const full = path.join(copy, 'content', file);
      await writeFile(full, change(await readFile(full, 'utf8')));
    }
    await more?.(copy);
    project.git(['add', '-A'], copy);
    project.git(['commit', '--quiet', '-m', 'Published elsewhere'], copy);
    project.git(['push', '--quiet', 'origin', 'main'], copy);
    return project.git(['rev-parse', 'HEAD'], copy).trim();
  }
  const newTitle = (text: string) => text.replace(/^title: .*$/m, 'title: Chat with us now');

  it('takes in their changes to other files and publishes on top of them, both commits in the remote', async () => {
    // Besides the content, a program of the project's own (kept executable).
    const theirs = await publishedElsewhere({ 'whatsapp.yaml': newTitle }, (copy) =>
      writeFile(path.join(copy, 'deploy.sh'), '#!/bin/sh\necho deployed\n', { mode: 0o755 }),
    );
    await changePrice(9799);
    const answer = await publish('New price');
    expect(answer.status, answer.text).toBe(200);
    const { commit, pushed, note } = answer.json();
    expect(pushed).toBe(true);
    expect(note).toBe('Someone else published meanwhile; their changes to content/whatsapp.yaml, deploy.sh were taken in.');
    // A plain fast-forward: mine on top of theirs, nothing of theirs rewritten.
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(commit);
    expect(project.git(['rev-parse', `${commit}^`], project.remote).trim()).toBe(theirs);
    expect(project.git(['diff-tree', '--no-commit-id', '--name-only', '-r', commit]).trim()).toBe('content/services.yaml');
    expect(parse(project.git(['show', `${commit}:content/whatsapp.yaml`])).title).toBe('Chat with us now');
    expect(parse(project.git(['show', `${commit}:content/services.yaml`])).services[0].pricing.starting).toBe(9799);
    expect(await readFile(path.join(project.dir, 'content/whatsapp.yaml'), 'utf8')).toMatch(/^title: Chat with us now$/m);
    expect(project.git(['status', '--porcelain=v1', '--untracked-files=all'])).toBe('');
  });

  it('reports each value that differs in a file both changed, theirs and mine by label, and sends and loses nothing', async () => {
    const theirs = await publishedElsewhere({ 'services.yaml': (text) => text.replace('title: Residential Moving', 'title: Home Moving') });
    await changePrice(9899);
    const before = state();
    const mine = await readFile(path.join(project.dir, 'content/services.yaml'), 'utf8');
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    const body = answer.json();
    expect(body.needs).toBe('choose');
    expect(body.message).toMatch(
      /^Someone else published meanwhile and changed content\/services\.yaml too, so nothing was sent and nothing is lost/,
    );
    expect(body.conflicts.files).toEqual([
      {
        file: 'content/services.yaml',
        differences: [
          {
            path: ['services', 0, 'title'],
            label: 'Service “residential” › Title',
            theirs: 'Home Moving',
            mine: 'Residential Moving',
            changed: 'theirs',
          },
          {
            path: ['services', 0, 'pricing', 'starting'],
            label: 'Service “residential” › Pricing › Starting',
            theirs: '8999',
            mine: '9899',
            changed: 'mine',
          },
        ],
      },
    ]);
    expect(state()).toEqual(before);
    expect(await readFile(path.join(project.dir, 'content/services.yaml'), 'utf8')).toBe(mine);
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(theirs);
  });

  it('publishes with the values chosen, on top of theirs, keeping the rest of their file', async () => {
    await publishedElsewhere({
      'services.yaml': (text) =>
        text.replace('title: Residential Moving', 'title: Home Moving').replace('starting: 15999', 'starting: 16999'),
      'whatsapp.yaml': newTitle,
    });
    await changePrice(9899);
    const asked = (await publish('New price')).json();
    expect(asked.conflicts.files[0].differences.map((difference: { label: string }) => difference.label)).toEqual([
      'Service “residential” › Title',
      'Service “residential” › Pricing › Starting',
      'Service “office” › Pricing › Starting',
    ]);
    // Their title, my price, their other price.
    const answer = await editor.api('POST', '/__edit/api/publish', {
      message: 'New price',
      sendToFolder: project.remote,
      choices: { id: asked.conflicts.id, picks: ['theirs', 'mine', 'theirs'] },
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json().note).toBe(
      'Someone else published meanwhile; their changes to content/services.yaml, content/whatsapp.yaml were taken in, with your choices for content/services.yaml.',
    );
    const published = parse(project.git(['show', 'main:content/services.yaml'], project.remote));
    expect(published.services[0].title).toBe('Home Moving');
    expect(published.services[0].pricing.starting).toBe(9899);
    expect(published.services[1].pricing.starting).toBe(16999);
    expect(parse(project.git(['show', 'main:content/whatsapp.yaml'], project.remote)).title).toBe('Chat with us now');
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(project.git(['rev-parse', 'HEAD']).trim());
    expect(project.git(['status', '--porcelain=v1', '--untracked-files=all'])).toBe('');
  });

  it('never writes their photo over one here that git does not list (ignored): both are offered', async () => {
    await writeFile(path.join(project.dir, '.git/info/exclude'), 'content/images/crew.jpg\n');
    await mkdir(path.join(project.dir, 'content/images'), { recursive: true });
    await writeFile(path.join(project.dir, 'content/images/crew.jpg'), Buffer.alloc(2048, 7));
    const other = await mkdtemp(path.join(os.tmpdir(), 'editor-other-'));
    temporary.push(other);
    project.git(['clone', '--quiet', project.remote, 'copy'], other);
    const copy = path.join(other, 'copy');
    await mkdir(path.join(copy, 'content/images'), { recursive: true });
    await writeFile(path.join(copy, 'content/images/crew.jpg'), Buffer.alloc(4096, 9));
    project.git(['add', '--', 'content/images/crew.jpg'], copy);
    project.git(['commit', '--quiet', '-m', 'Crew photo'], copy);
    project.git(['push', '--quiet', 'origin', 'main'], copy);

    await changePrice(9699);
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().conflicts.files).toEqual([
      {
        file: 'content/images/crew.jpg',
        differences: [{ path: [], label: 'the photo', theirs: 'a photo of 4 KB', mine: 'a photo of 2 KB' }],
      },
    ]);
    expect(await readFile(path.join(project.dir, 'content/images/crew.jpg'))).toEqual(Buffer.alloc(2048, 7));
  });

  it('asks again, changing nothing, when the choices were made for versions that are no longer there', async () => {
    await publishedElsewhere({ 'services.yaml': (text) => text.replace('title: Residential Moving', 'title: Home Moving') });
    await changePrice(9899);
    const before = state();
    const answer = await editor.api('POST', '/__edit/api/publish', {
      message: 'New price',
      sendToFolder: project.remote,
      choices: { id: 'an-older-one', picks: ['mine', 'mine'] },
    });
    expect(answer.status).toBe(409);
    expect(answer.json()).toMatchObject({ needs: 'choose', message: expect.stringMatching(/^The versions changed since you chose/) });
    expect(state()).toEqual(before);
  });

  it('puts their files back as they were when the strict build refuses, so the refusal changes nothing', async () => {
    const theirs = await publishedElsewhere({ 'site.yaml': (text) => text.replace(/^(\s*phone: ).*$/m, '$1"+91 90000 00000"') });
    await changePrice(9799);
    const before = state();
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/^The site would not pass the deploy's strict build/);
    expect(state()).toEqual(before);
    expect(project.git(['rev-parse', 'main'], project.remote).trim()).toBe(theirs);
  });
});
