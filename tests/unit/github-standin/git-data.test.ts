/**
 * The stand-in answers GitHub's Git database writes as GitHub does, so a branch can be published
 * in one push: blobs, a tree on main's, a commit, the ref made and later forced on. What it wrote
 * is read back with git; GitHub's refusals come in GitHub's words; every call fits GitHub's
 * description.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { appJwt } from '../../../worker/github/app-jwt.js';
import { importAppKey } from '../../../worker/github/app-key.js';
import { GitHubStandin } from '../../github-standin/server.js';

const APP_ID = 31337;
const REPO = '/repos/kerala-movers/site';
const SERVICES = 'services:\n  - id: packing\n    title: Packing\n';
const SITE = 'company: Kerala Movers\n';
/** Every byte value, so a blob that is not text must come back exactly. */
const PHOTO = Buffer.from(Array.from({ length: 512 }, (_, index) => (index * 7 + 0xd8) % 256));

let standin: GitHubStandin;
let token: string;
/** main's head as the test starts. */
let start: string;

/** GitHub's answer, with the fields of it this test reads. */
interface Answer {
  status: number;
  body: { sha: string; token: string; message: string; tree: Array<{ path: string; type: string }> };
}

async function call(method: string, pathname: string, body?: unknown, credential = token): Promise<Answer> {
  const answer = await fetch(`${standin.url}${pathname}`, {
    method,
    headers: {
      Accept: 'application/vnd.github+json',
      'X-GitHub-Api-Version': '2022-11-28',
      'User-Agent': 'git-data test',
      Authorization: `Bearer ${credential}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json() };
}

beforeAll(async () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  standin = await GitHubStandin.start({
    appId: APP_ID,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    owner: 'kerala-movers',
    repo: 'site',
  });
  start = await standin.push({ 'content/services.yaml': SERVICES, 'content/site.yaml': SITE }, 'The site as it starts');
  const key = await importAppKey(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
  const jwt = await appJwt(String(APP_ID), key!, Date.now());
  const issued = await call('POST', '/app/installations/4242/access_tokens', {}, jwt);
  expect(issued.status).toBe(201);
  token = issued.body.token;
});
afterAll(() => standin?.close());
afterEach(() => {
  expect(standin.violations.splice(0)).toEqual([]);
});

const blob = async (bytes: Buffer) => {
  const made = await call('POST', `${REPO}/git/blobs`, { content: bytes.toString('base64'), encoding: 'base64' });
  expect(made.status).toBe(201);
  return made.body.sha;
};

const file = (path: string, sha: string | null) => ({ path, mode: '100644', type: 'blob', sha });

/** The bytes of a file at a commit or branch, as git reads them. */
const bytesAt = (revision: string, path: string) => standin.git.git(['cat-file', 'blob', `${revision}:${path}`]);

const mainTree = () => standin.git.text(['rev-parse', `${start}^{tree}`]);

it('publishes a branch in one push: blobs, a tree on main’s, a commit, the ref made, then forced to another commit', async () => {
  const seen = standin.calls.length;
  const services = `${SERVICES}    price: "₹ 4,999 — packing included"\n`;
  const textSha = await blob(Buffer.from(services));
  expect(textSha).toBe(await standin.git.text(['hash-object', '--stdin'], services));
  const photoSha = await blob(PHOTO);
  const tree = await call('POST', `${REPO}/git/trees`, {
    base_tree: await mainTree(),
    tree: [file('content/services.yaml', textSha), file('content/images/new.jpg', photoSha)],
  });
  expect(tree.status).toBe(201);
  expect(tree.body.tree.map((entry) => `${entry.type} ${entry.path}`)).toEqual(['tree content']);

  const commit = await call('POST', `${REPO}/git/commits`, { message: 'Preview of the drafts', tree: tree.body.sha, parents: [start] });
  expect(commit).toMatchObject({
    status: 201,
    body: { message: 'Preview of the drafts', tree: { sha: tree.body.sha }, parents: [{ sha: start }] },
  });
  const first: string = commit.body.sha;
  const created = await call('POST', `${REPO}/git/refs`, { ref: 'refs/heads/site-preview', sha: first });
  expect(created).toMatchObject({ status: 201, body: { ref: 'refs/heads/site-preview', object: { type: 'commit', sha: first } } });
  expect(await standin.git.ref('site-preview')).toBe(first);
  expect(await bytesAt('site-preview', 'content/services.yaml')).toEqual(Buffer.from(services));
  expect(await bytesAt('site-preview', 'content/images/new.jpg')).toEqual(PHOTO);
  expect(await bytesAt('site-preview', 'content/site.yaml')).toEqual(Buffer.from(SITE));

  // The drafts again from main's head, without the photo: not a descendant of the first, so forced.
  const again = await call('POST', `${REPO}/git/trees`, {
    base_tree: tree.body.sha,
    tree: [
      file('content/images/new.jpg', null),
      file('content/services.yaml', await blob(Buffer.from(SERVICES.replace('Packing', 'Careful packing')))),
    ],
  });
  expect(again.status).toBe(201);
  const second = await call('POST', `${REPO}/git/commits`, { message: 'Preview of the drafts', tree: again.body.sha, parents: [start] });
  const moved = await call('PATCH', `${REPO}/git/refs/heads/site-preview`, { sha: second.body.sha, force: true });
  expect(moved).toMatchObject({ status: 200, body: { ref: 'refs/heads/site-preview', object: { sha: second.body.sha } } });
  expect(await standin.git.ref('site-preview')).toBe(second.body.sha);
  expect(await standin.git.text(['ls-tree', '-r', '--name-only', 'site-preview'])).toBe('content/services.yaml\ncontent/site.yaml');
  expect((await bytesAt('site-preview', 'content/services.yaml')).toString()).toContain('title: Careful packing');
  expect(await standin.git.ref('main')).toBe(start);

  expect(standin.calls.slice(seen).map(({ method, path, credential, status }) => `${method} ${path} ${credential} ${status}`)).toEqual([
    `POST ${REPO}/git/blobs token 201`,
    `POST ${REPO}/git/blobs token 201`,
    `POST ${REPO}/git/trees token 201`,
    `POST ${REPO}/git/commits token 201`,
    `POST ${REPO}/git/refs token 201`,
    `POST ${REPO}/git/blobs token 201`,
    `POST ${REPO}/git/trees token 201`,
    `POST ${REPO}/git/commits token 201`,
    `PATCH ${REPO}/git/refs/heads/site-preview token 200`,
  ]);
});

it('refuses to make a ref twice, and to move one backwards or sideways without force, as GitHub does', async () => {
  const commit = await call('POST', `${REPO}/git/commits`, { message: 'A preview', tree: await mainTree(), parents: [start] });
  expect((await call('POST', `${REPO}/git/refs`, { ref: 'refs/heads/twice', sha: commit.body.sha })).status).toBe(201);
  expect(await call('POST', `${REPO}/git/refs`, { ref: 'refs/heads/twice', sha: start })).toMatchObject({
    status: 422,
    body: { message: 'Reference already exists' },
  });
  expect(await standin.git.ref('twice')).toBe(commit.body.sha);

  const unrelated = await call('POST', `${REPO}/git/commits`, { message: 'Another history', tree: await mainTree(), parents: [] });
  expect(await call('PATCH', `${REPO}/git/refs/heads/twice`, { sha: unrelated.body.sha })).toMatchObject({
    status: 422,
    body: { message: 'Update is not a fast forward' },
  });
  expect(await call('PATCH', `${REPO}/git/refs/heads/twice`, { sha: start, force: false })).toMatchObject({
    status: 422,
    body: { message: 'Update is not a fast forward' },
  });
  expect(await standin.git.ref('twice')).toBe(commit.body.sha);
  expect(await call('PATCH', `${REPO}/git/refs/heads/nowhere`, { sha: start, force: true })).toMatchObject({
    status: 422,
    body: { message: 'Reference does not exist' },
  });
  expect(await standin.git.ref('nowhere')).toBeUndefined();
});

it('refuses a tree naming a blob or a base tree the repository does not have', async () => {
  const missing = 'b'.repeat(40);
  expect(await call('POST', `${REPO}/git/trees`, { base_tree: await mainTree(), tree: [file('content/x.yaml', missing)] })).toMatchObject({
    status: 422,
    body: { message: 'GitRPC::BadObjectState' },
  });
  expect(await call('POST', `${REPO}/git/trees`, { base_tree: missing, tree: [] })).toMatchObject({
    status: 422,
    body: { message: 'base_tree is not a valid tree oid' },
  });
});

it('refuses removing a path the base tree does not have', async () => {
  expect(await call('POST', `${REPO}/git/trees`, { base_tree: await mainTree(), tree: [file('content/gone.yaml', null)] })).toMatchObject({
    status: 422,
    body: { message: 'GitRPC::BadObjectState' },
  });
});

it('refuses a write whose body does not fit GitHub’s description before acting on it, and records it', async () => {
  expect(await call('POST', `${REPO}/git/refs`, { ref: 'refs/heads/no-sha' })).toMatchObject({
    status: 422,
    body: { message: 'Invalid request.' },
  });
  expect(await standin.git.ref('no-sha')).toBeUndefined();
  expect(standin.violations.splice(0)).toEqual([expect.stringContaining("git/create-ref request body must have required property 'sha'")]);
});

it('answers each of the five writes 401 without an installation token it gave', async () => {
  const writes: Array<[string, string, unknown]> = [
    ['POST', `${REPO}/git/blobs`, { content: 'eA==', encoding: 'base64' }],
    ['POST', `${REPO}/git/trees`, { tree: [] }],
    ['POST', `${REPO}/git/commits`, { message: 'm', tree: await mainTree(), parents: [start] }],
    ['POST', `${REPO}/git/refs`, { ref: 'refs/heads/stranger', sha: start }],
    ['PATCH', `${REPO}/git/refs/heads/main`, { sha: start, force: true }],
  ];
  for (const [method, pathname, body] of writes)
    expect(await call(method, pathname, body, 'ghs_not_given')).toMatchObject({ status: 401, body: { message: 'Bad credentials' } });
  expect(await standin.git.ref('stranger')).toBeUndefined();
});
