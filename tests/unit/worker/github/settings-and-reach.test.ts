/**
 * The Worker's GitHub client in workerd before GitHub answers any repository call: settings missing,
 * GitHub out of reach, the App's key not the one GitHub holds. Each is a stable code in the owner's words.
 */
import { generateKeyPairSync } from 'node:crypto';
import { Miniflare } from 'miniflare';
import { afterEach, expect, it } from 'vitest';
import { bundle } from '../../../helpers/worker.js';
import { closedAddress } from '../../../github-standin/closed-address.js';
import { GitHubStandin } from '../../../github-standin/server.js';

let mf: Miniflare | undefined;
afterEach(() => mf?.dispose());

async function problemWith(bindings: Record<string, string>): Promise<unknown> {
  mf = new Miniflare({
    modules: true,
    script: await bundle('tests/unit/worker/github/in-workerd.ts'),
    compatibilityDate: '2026-04-01',
    bindings,
  });
  const answer = await mf.dispatchFetch('https://worker.test/', { method: 'POST', body: JSON.stringify({ op: 'head' }) });
  return ((await answer.json()) as { problem?: unknown }).problem;
}

const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;

it('says the site is not connected to GitHub when the App’s settings are missing', async () => {
  expect(await problemWith({ GITHUB_APP_ID: '1', GITHUB_REPOSITORY: 'kerala-movers/site' })).toEqual({
    code: 'github-not-set-up',
    message: expect.stringContaining('not connected to its GitHub repository'),
  });
});

it('says GitHub could not be reached, and that nothing was lost, when nothing answers at its address', async () => {
  const problem = await problemWith({
    GITHUB_API: await closedAddress(),
    GITHUB_APP_ID: '1',
    GITHUB_APP_PRIVATE_KEY: key,
    GITHUB_REPOSITORY: 'kerala-movers/site',
  });
  expect(problem).toEqual({
    code: 'github-unreachable',
    message: 'GitHub could not be reached just now. Nothing was lost: try again in a minute.',
  });
});

it('says GitHub did not accept the App’s key when the JWT is signed with another key than the App’s', async () => {
  const theApps = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }) as string;
  const standin = await GitHubStandin.start({ appId: 7, publicKey: theApps, owner: 'kerala-movers', repo: 'site' });
  try {
    const problem = await problemWith({
      GITHUB_API: standin.url,
      GITHUB_APP_ID: '7',
      GITHUB_APP_PRIVATE_KEY: key,
      GITHUB_REPOSITORY: 'kerala-movers/site',
    });
    expect(problem).toMatchObject({ code: 'github-key-refused' });
    expect(standin.calls.map(({ path, credential, status }) => `${path} ${credential} ${status}`)).toEqual([
      '/repos/kerala-movers/site/installation jwt 401',
    ]);
    expect(standin.violations).toEqual([]);
  } finally {
    await standin.close();
  }
});
