/**
 * GitHub's refusals, as the Worker's GitHub client in workerd words them: each a stable code and
 * the owner's words, never a token. The stand-in refuses as GitHub does, and holds every request and
 * answer to GitHub's published descriptions.
 */
import { afterEach, expect, it } from 'vitest';
import { harnessForFile } from './standin-and-worker.js';

const harness = harnessForFile();

afterEach(() => {
  const { standin } = harness();
  standin.rateLimit = undefined;
  standin.installed = true;
  standin.granted = { contents: 'write', metadata: 'read' };
  standin.refuseAllTokens = false;
  standin.tokenLifetime = 60 * 60 * 1000;
  expect(standin.violations).toEqual([]);
});

it('answers that someone else published, with the new head, when the branch moved since the owner started', async () => {
  const { standin, call } = harness();
  const start = await standin.push({ 'content/site.yaml': 'company: Kerala Movers\n' }, 'Start');
  const theirs = await standin.push({ 'content/site.yaml': 'company: Kerala Movers and Packers\n' }, 'Published from a laptop');
  const answer = await call({
    op: 'commit',
    change: { expectedHead: start, headline: 'Mine', additions: [{ path: 'content/site.yaml', contents: 'company: KM\n' }], deletions: [] },
  });
  expect(answer.problem).toMatchObject({
    code: 'github-head-moved',
    head: theirs,
    message: expect.stringContaining('Someone else published'),
  });
  expect(await standin.git.ref('main')).toBe(theirs);
  expect(await standin.git.text(['rev-list', '--count', `${start}..main`])).toBe('1');
});

it('asks for a new installation token once when GitHub refuses the one it holds, and the call goes through', async () => {
  const { standin, call } = harness();
  const head = await standin.push({ 'README.md': 'token\n' }, 'Token test');
  expect((await call({ op: 'head' })).result).toBe(head);
  const issued = standin.tokensIssued;
  const seen = standin.calls.length;
  standin.expireTokens();
  expect((await call({ op: 'head' })).result).toBe(head);
  expect(standin.tokensIssued).toBe(issued + 1);
  expect(standin.calls.slice(seen).map(({ method, path, credential, status }) => `${method} ${path} ${credential} ${status}`)).toEqual([
    'GET /repos/kerala-movers/site/git/ref/heads/main token 401',
    'POST /app/installations/4242/access_tokens jwt 201',
    'GET /repos/kerala-movers/site/git/ref/heads/main token 200',
  ]);
});

it('renews a refused token only once: refused again, the call ends with a reason, not a loop', async () => {
  const { standin, call } = harness();
  await standin.push({ 'README.md': 'refused\n' }, 'Refused token test');
  await call({ op: 'head' });
  const issued = standin.tokensIssued;
  standin.refuseAllTokens = true;
  expect((await call({ op: 'head' })).problem).toMatchObject({ code: 'github-refused' });
  expect(standin.tokensIssued).toBe(issued + 1);
});

it('keeps a token for later calls, and asks for a new one when it would end within five minutes', async () => {
  const { standin, call } = harness();
  await standin.push({ 'README.md': 'lifetime\n' }, 'Token lifetime test');
  await call({ op: 'head', fresh: true });
  const issued = standin.tokensIssued;
  await call({ op: 'head' });
  await call({ op: 'head' });
  expect(standin.tokensIssued).toBe(issued);
  standin.tokenLifetime = 4 * 60 * 1000;
  await call({ op: 'head', fresh: true });
  await call({ op: 'head' });
  expect(standin.tokensIssued).toBe(issued + 2);
});

it('says when to try again when GitHub’s rate limit is used up (x-ratelimit-reset)', async () => {
  const { standin, call } = harness();
  await standin.push({ 'README.md': 'limit\n' }, 'Limit test');
  await call({ op: 'head' });
  const until = new Date(Math.ceil((Date.now() + 17 * 60_000) / 1000) * 1000);
  standin.rateLimit = { status: 403, kind: 'primary', until };
  const { problem } = await call({ op: 'head' });
  expect(problem).toMatchObject({ code: 'github-rate-limited', retryAt: until.toISOString() });
  expect(problem!.message).toBe('GitHub asks the site to wait before it asks again. Try again in about 17 minutes.');
});

it('says when to try again after a secondary rate limit (429 with retry-after)', async () => {
  const { standin, call } = harness();
  await standin.push({ 'README.md': 'secondary\n' }, 'Secondary limit test');
  const before = Date.now();
  standin.rateLimit = { status: 429, kind: 'secondary', until: new Date(before + 90_000) };
  const { problem } = await call({ op: 'tree', sha: 'main' });
  expect(problem!.code).toBe('github-rate-limited');
  const retryAt = Date.parse(problem!.retryAt!);
  expect(retryAt).toBeGreaterThanOrEqual(before + 89_000);
  expect(retryAt).toBeLessThanOrEqual(Date.now() + 91_000);
});

it('says the App is not installed when GitHub no longer knows the installation', async () => {
  const { standin, call } = harness();
  await standin.push({ 'README.md': 'installed\n' }, 'Install test');
  standin.installed = false;
  const answer = await call({ op: 'head' });
  expect(answer.problem).toEqual({
    code: 'github-not-installed',
    message: expect.stringContaining('not installed on the company’s repository'),
  });
  expect(JSON.stringify(answer)).not.toMatch(/ghs_|eyJ/);
});

it('says the App is not installed when the repository has no installation of it', async () => {
  const { standin, call } = harness();
  standin.installed = false;
  const seen = standin.calls.length;
  expect((await call({ op: 'head', fresh: true })).problem).toMatchObject({ code: 'github-not-installed' });
  expect(standin.calls.slice(seen).map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    'GET /repos/kerala-movers/site/installation 404',
  ]);
});

it('says the App may not write when its installation was granted Contents: read only', async () => {
  const { standin, call } = harness();
  standin.granted = { contents: 'read', metadata: 'read' };
  expect((await call({ op: 'head', fresh: true })).problem).toEqual({
    code: 'github-no-access',
    message: expect.stringContaining('“Contents: read and write”'),
  });
});
