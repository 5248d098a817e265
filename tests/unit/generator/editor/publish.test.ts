import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';
import { gitProject, type GitProject } from '../../../helpers/editor-git.js';
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
const state = () => ({ status: project.git(['status', '--porcelain=v1', '--untracked-files=all']), head: project.git(['rev-parse', 'HEAD']), remote: project.git(['rev-parse', 'main'], project.remote) });

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
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toEqual({ repository: true, changed: [], blocking: [], remote: project.remote, folder: true, identity: SIGNED, unpushed: 0 });
    await changePrice(9499);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#369' } }).jpeg().toBuffer();
    expect((await editor.api('POST', '/__edit/api/upload?name=van.jpg', photo, { 'content-type': 'image/jpeg' })).status).toBe(201);
    // An upload is the content's once a saved file names it.
    const opened = (await editor.api('GET', '/__edit/api/file?file=services.yaml')).json();
    opened.value.services[0].image = { src: 'images/van.jpg', alt: 'Our van loaded for a house move' };
    expect((await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: opened.value, version: opened.version })).status).toBe(200);
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
    expect(project.git(['diff-tree', '--no-commit-id', '--name-only', '-r', commit], project.remote).trim().split('\n')).toEqual(['content/images/van.jpg', 'content/services.yaml']);
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
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toMatchObject({ changed: ['content/services.yaml'], blocking: ['.gitignore', 'README.md', 'notes.txt'] });
    const before = state();
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/\.gitignore, README\.md, notes\.txt/);
    expect(state()).toEqual(before);
  });

  it('refuses when someone else published first, saying to reload', async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), 'editor-other-'));
    temporary.push(other);
    project.git(['clone', '--quiet', project.remote, 'copy'], other);
    const copy = path.join(other, 'copy');
    await writeFile(path.join(copy, 'content', 'whatsapp.yaml'), (await readFile(path.join(copy, 'content', 'whatsapp.yaml'), 'utf8')).replace(/^title: .*$/m, 'title: Chat with us now'));
    project.git(['commit', '--quiet', '-am', 'Published elsewhere'], copy);
    project.git(['push', '--quiet', 'origin', 'main'], copy);

    await changePrice(9799);
    const before = state();
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/^Someone else published changes \(1 commit on origin\).*reload first/);
    expect(state()).toEqual(before);
  });

  it('refuses when the strict build would fail, with its messages', async () => {
    // The sample's own site.yaml still holds its sample phone numbers and addresses.
    const opened = (await editor.api('GET', '/__edit/api/file?file=site.yaml')).json();
    const sample = parse(await readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8'));
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'site.yaml', value: { ...opened.value, contact: sample.contact }, version: opened.version });
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
    expect((await editor.api('GET', '/__edit/api/publish')).json()).toEqual({ repository: false, changed: [], blocking: [], remote: null, folder: false, identity: null, unpushed: 0 });
    const answer = await publish('New price');
    expect(answer.status).toBe(409);
    expect(answer.json().message).toMatch(/not a git repository/);
  });
});

describe('what is typed into the editor reaches git only once checked', () => {
  const remoteUrl = () => project.git(['remote', 'get-url', 'origin']).trim();
  const identity = () => project.git(['config', '--local', '--get-regexp', '^user\\.']);

  it('address starting with "-" reaching git remote set-url as an option: refused in the editor’s own words', async () => {
    const said = {
      '-oProxyCommand=touch@github.com:x/y.git': /^"Your repository's address" starts with "-", which no repository's address does: copy it from the green Code button/,
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
    const answer = await editor.api('POST', '/__edit/api/publish', { message: 'New price', sendToFolder: project.remote, name: '--global', email: '-x@example.com' });
    expect(answer.status, answer.text).toBe(200);
    expect(project.git(['config', '--local', '--get', 'user.name']).trim()).toBe('--global');
    expect(project.git(['log', '-1', '--format=%an <%ae>']).trim()).toBe('--global <-x@example.com>');
  });
});
