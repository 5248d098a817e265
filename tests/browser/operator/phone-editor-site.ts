/**
 * The owner's editor as the live site serves it, for the phone specs: the sample as the suite
 * builds it for Cloudflare (its `_editor/` included), served by the site's Worker in workerd with a
 * local D1, its GitHub settings pointed at the GitHub stand-in over a bare repository holding the
 * sample in both languages, and the one-time set-up code.
 */
import { generateKeyPairSync } from 'node:crypto';
import { GitHubStandin } from '../../github-standin/server.js';
import { startCloudflare, type HostServer } from '../../helpers/cloudflare.js';
import { sampleSeed } from '../../unit/worker/editor/editor-worker.js';
import { browserEnv } from '../env.js';
import { cloudflareDist } from '../test-site.js';

export const SETUP_CODE = 'TEAK-RIVER-4821';

export interface PhoneEditorSite {
  host: HostServer;
  standin: GitHubStandin;
  /** The site's address as the phone opens it: localhost, which passkeys accept as secure. */
  origin: string;
  /** The content the repository starts with, by path from its top. */
  seed: Record<string, string>;
  /** The commit the repository starts at. */
  start: string;
  close(): Promise<void>;
}

/** `built`: a Cloudflare build of other content than the sample, and that content's texts for the repository. */
export async function startPhoneEditorSite(built?: { dist: string; seed: Record<string, string> }): Promise<PhoneEditorSite> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const standin = await GitHubStandin.start({
    appId: 31337,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    owner: 'kerala-movers',
    repo: 'site',
  });
  const seed = built?.seed ?? (await sampleSeed({ malayalam: true }));
  const start = await standin.push(seed, 'The site as it starts');
  const host = await startCloudflare(built?.dist ?? cloudflareDist(browserEnv().dist), {
    worker: true,
    migrate: true,
    secrets: {
      SETUP_CODE,
      GITHUB_API: standin.url,
      GITHUB_APP_ID: '31337',
      GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
      GITHUB_REPOSITORY: 'kerala-movers/site',
    },
  }).catch(async (error: unknown) => {
    await standin.close();
    throw error;
  });
  return {
    host,
    standin,
    origin: `http://localhost:${new URL(host.url).port}`,
    seed,
    start,
    async close() {
      await host.close();
      await standin.close();
    },
  };
}
