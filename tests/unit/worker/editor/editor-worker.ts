/**
 * The site's Worker in workerd with a local D1 and its GitHub settings pointed at a GitHub
 * stand-in holding the sample content (the English files, under content/), and a signed-in
 * owner's cookie and CSRF token: what the editor's tests on the phone need.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { CONTENT_FILES } from '../../../../generator/schema/index.js';
import { GitHubStandin } from '../../../github-standin/server.js';
import { contentWithFixture, replacePlaceholders } from '../../../helpers/content.js';
import { addPasskey, addSession, emptyTables, SETUP_CODE, SITE, startWorker, type WorkerHost } from '../../../helpers/worker.js';

export const OWNER = 'kerala-movers';
export const REPO = 'site';

export interface EditorHarness {
  worker: WorkerHost;
  standin: GitHubStandin;
  /** The sample's English content files, by path from the repository's top. */
  seed: Record<string, string>;
  /** A call from the signed-in owner's editor page. */
  call(operation: string, body: unknown, session?: { cookie: string; csrf: string }): Promise<Response>;
  /** A new signed-in session, as a phone that has just signed in holds. */
  signIn(): Promise<{ cookie: string; csrf: string }>;
}

/**
 * The sample's English files with real details in place of its samples: content the deploy
 * publishes; with `malayalam`, the Malayalam translation beside them (content/ml/, its record included).
 */
export async function sampleSeed(options: { malayalam?: boolean } = {}): Promise<Record<string, string>> {
  const dir = await contentWithFixture();
  await replacePlaceholders(dir);
  const english = Object.keys(CONTENT_FILES);
  const malayalam = options.malayalam
    ? (await readdir(path.join(dir, 'content/ml'), { recursive: true }))
        .filter((name) => name.endsWith('.yaml'))
        .map((name) => `ml/${name}`)
    : [];
  const seed = Object.fromEntries(
    await Promise.all(
      [...english, ...malayalam].map(async (name) => [`content/${name}`, await readFile(path.join(dir, 'content', name), 'utf8')] as const),
    ),
  );
  await rm(dir, { recursive: true, force: true });
  return seed;
}

/** `settings`: more of the Worker's settings (its variables), beside the GitHub ones. */
export function editorHarnessForFile(settings: Record<string, string> = {}): () => EditorHarness {
  let harness: EditorHarness | undefined;
  let session: { cookie: string; csrf: string } | undefined;
  beforeAll(async () => {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const standin = await GitHubStandin.start({
      appId: 31337,
      publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
      owner: OWNER,
      repo: REPO,
    });
    const worker = await startWorker({
      SETUP_CODE,
      GITHUB_API: standin.url,
      GITHUB_APP_ID: '31337',
      GITHUB_APP_PRIVATE_KEY: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      ...settings,
    });
    await emptyTables(worker);
    await addPasskey(worker, 'phone-1');
    const signIn = () => addSession(worker, 'phone-1');
    session = await signIn();
    harness = {
      worker,
      standin,
      seed: await sampleSeed(),
      signIn,
      call: (operation, body, as = session!) =>
        worker.fetch(`/api/editor/${operation}`, {
          method: 'POST',
          headers: { Origin: SITE, 'Content-Type': 'application/json', Cookie: as.cookie, 'X-CSRF-Token': as.csrf },
          body: JSON.stringify(body),
        }),
    };
  }, 60_000);
  afterAll(async () => {
    await harness?.worker.close();
    await harness?.standin.close();
  });
  return () => harness!;
}

/**
 * The harness with the sample in both languages pushed before each test: `start` is that commit,
 * `seed` its files by path from the repository's top.
 */
export function bothLanguagesForEachTest(): () => { harness: EditorHarness; start: string; seed: Record<string, string> } {
  const harness = editorHarnessForFile();
  let start = '';
  let seed: Record<string, string> = {};
  beforeEach(async () => {
    seed = await sampleSeed({ malayalam: true });
    start = await harness().standin.push(seed, 'The site in English and Malayalam');
  });
  return () => ({ harness: harness(), start, seed });
}
