/**
 * A test file's GitHub stand-in and, in workerd, the Worker's GitHub client pointed at it through
 * GITHUB_API, with a fresh App key pair (the private key as GitHub hands it out, PKCS#1 PEM).
 */
import { generateKeyPairSync } from 'node:crypto';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll } from 'vitest';
import { bundle } from '../../../helpers/worker.js';
import { GitHubStandin } from '../../../github-standin/server.js';

export const APP_ID = 31337;
export const OWNER = 'kerala-movers';
export const REPO = 'site';

export interface Harness {
  standin: GitHubStandin;
  /** One client call in workerd: its result, or the problem it answered. */
  call<T = unknown>(
    call: Record<string, unknown>,
  ): Promise<{ result?: T; problem?: { code: string; message: string; retryAt?: string; head?: string } }>;
}

export function harnessForFile(keyFormat: 'pkcs1' | 'pkcs8' = 'pkcs1'): () => Harness {
  let standin: GitHubStandin | undefined;
  let mf: Miniflare | undefined;
  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    standin = await GitHubStandin.start({
      appId: APP_ID,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      owner: OWNER,
      repo: REPO,
    });
    mf = new Miniflare({
      modules: true,
      script: await bundle('tests/unit/worker/github/in-workerd.ts'),
      compatibilityDate: '2026-04-01',
      bindings: {
        GITHUB_API: standin.url,
        GITHUB_APP_ID: String(APP_ID),
        GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: keyFormat, format: 'pem' }) as string,
        GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      },
    });
  });
  afterAll(async () => {
    await mf?.dispose();
    await standin?.close();
  });
  return () => ({
    standin: standin!,
    async call(call) {
      const answer = await mf!.dispatchFetch('https://worker.test/', { method: 'POST', body: JSON.stringify(call) });
      const body = (await answer.json()) as { crash?: string };
      if (body.crash) throw new Error(body.crash);
      return body as never;
    },
  });
}
