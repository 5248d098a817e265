/**
 * The Worker's GitHub client in workerd against the GitHub stand-in: it reads the branch, its tree
 * and files and a file's history, and publishes every change as one commit. The stand-in holds
 * every request and answer to GitHub's published descriptions; none may differ.
 */
import { expect, it } from 'vitest';
import { harnessForFile } from './standin-and-worker.js';

const harness = harnessForFile();

const SEED = {
  'content/site.yaml': 'company: Kerala Movers\n',
  'content/services.yaml': 'services: []\n',
  'content/testimonials.yaml': 'testimonials: []\n',
  'content/about.yaml': 'title: About us\n',
  'README.md': '# The site\n',
};

it('reads the branch head, the whole tree and a file’s bytes, as git has them', async () => {
  const { standin, call } = harness();
  const head = await standin.push(SEED, 'The site as it starts');
  expect((await call({ op: 'head' })).result).toBe(head);
  const tree = (await call<{ entries: Array<{ path: string; type: string; sha: string }> }>({ op: 'tree', sha: head })).result!;
  const files = tree.entries.filter((entry) => entry.type === 'blob');
  expect(files.map((entry) => entry.path).sort()).toEqual(Object.keys(SEED).sort());
  expect(tree.entries).toContainEqual(expect.objectContaining({ path: 'content', type: 'tree' }));
  const site = files.find((entry) => entry.path === 'content/site.yaml')!;
  const bytes = Buffer.from((await call<string>({ op: 'blob', sha: site.sha })).result!, 'base64');
  expect(bytes.toString('utf8')).toBe(SEED['content/site.yaml']);
  expect(standin.violations).toEqual([]);
});

it('lists a file’s history, newest first, only the commits that touched it', async () => {
  const { standin, call } = harness();
  const first = await standin.push({ 'content/whatsapp.yaml': 'greeting: Hello\n' }, 'WhatsApp greeting');
  await standin.push({ 'content/about.yaml': 'title: About Kerala Movers\n' }, 'About page title');
  const second = await standin.push({ 'content/whatsapp.yaml': 'greeting: Namaskaram\n' }, 'WhatsApp greeting in Malayalam');
  const history = (await call<Array<{ sha: string; message: string; author: string }>>({ op: 'history', path: 'content/whatsapp.yaml' }))
    .result!;
  expect(history.map((entry) => entry.sha)).toEqual([second, first]);
  expect(history[0]).toMatchObject({ message: 'WhatsApp greeting in Malayalam', author: 'Site owner' });
  expect(standin.violations).toEqual([]);
});

it('publishes three changed files as exactly one commit that touches only those files', async () => {
  const { standin, call } = harness();
  const start = await standin.push(SEED, 'Before publishing');
  const photo = Uint8Array.from([0xff, 0xd8, 0xff, 0x00, 0x10, 0x80]);
  const answer = await call<{ sha: string; url: string }>({
    op: 'commit',
    change: {
      expectedHead: start,
      headline: 'Prices and a new photo',
      body: 'Published from the site’s editor.',
      additions: [
        { path: 'content/services.yaml', contents: 'services:\n  - id: local\n' },
        { path: 'static/photos/truck.jpg', contents: Buffer.from(photo).toString('base64'), base64: true },
      ],
      deletions: ['content/testimonials.yaml'],
    },
  });
  expect(answer.problem).toBeUndefined();
  const sha = answer.result!.sha;
  const git = standin.git;
  expect(await git.ref('main')).toBe(sha);
  expect(await git.text(['rev-list', '--parents', '-n', '1', sha])).toBe(`${sha} ${start}`);
  expect(await git.text(['rev-list', '--count', `${start}..${sha}`])).toBe('1');
  expect((await git.text(['diff-tree', '--no-commit-id', '--name-status', '-r', start, sha])).split('\n').sort()).toEqual([
    'A\tstatic/photos/truck.jpg',
    'D\tcontent/testimonials.yaml',
    'M\tcontent/services.yaml',
  ]);
  expect(await git.text(['cat-file', '-p', `${sha}:content/services.yaml`])).toBe('services:\n  - id: local');
  expect(Uint8Array.from(await git.git(['cat-file', 'blob', `${sha}:static/photos/truck.jpg`]))).toEqual(photo);
  expect(await git.text(['log', '-1', '--format=%B', sha])).toBe('Prices and a new photo\n\nPublished from the site’s editor.');
  expect(standin.violations).toEqual([]);
});
