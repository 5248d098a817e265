/**
 * The owner connects the site's GitHub repository from the phone, through the Worker in workerd
 * with a local D1, against the GitHub stand-in and its github.com pages (GITHUB_WEB): the manifest
 * posted to GitHub, GitHub's code exchanged for the App (kept in D1, its key in no answer), the App
 * installed, and the editor reading the repository through it. Refusals: a state not this
 * session's, a code too old, an App of another account, GitHub out of reach, no session, another site; the Worker's own
 * settings winning over an App made from the phone.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { closedAddress } from '../../../github-standin/closed-address.js';
import { GitHubStandin } from '../../../github-standin/server.js';
import { GitHubWebStandin } from '../../../github-standin/web.js';
import { addPasskey, addSession, emptyTables, refusal, SETUP_CODE, SITE, startWorker, type WorkerHost } from '../../../helpers/worker.js';
import { sampleSeed } from '../editor/editor-worker.js';

const OWNER = 'kerala-movers';
const REPO = 'site';
const REPOSITORY = { GITHUB_REPOSITORY: `${OWNER}/${REPO}`, GITHUB_OWNER_TYPE: 'Organization' };

let standin: GitHubStandin;
let web: GitHubWebStandin;
/** The site with no App in its settings: the owner makes one from the phone. */
let worker: WorkerHost;
/** The same site whose settings name the stand-in's own App (GITHUB_APP_ID and its key). */
let configured: WorkerHost;
/** A site whose GitHub answers nothing. */
let cutOff: WorkerHost;
let settingsKey: string;
/** Every answer the Worker gave in a test, as text: none may carry the App's key. */
let answers: string[] = [];

beforeAll(async () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  settingsKey = privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;
  standin = await GitHubStandin.start({
    appId: 31337,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    owner: OWNER,
    repo: REPO,
  });
  web = await GitHubWebStandin.start(standin);
  const github = { GITHUB_API: standin.url, GITHUB_WEB: web.url, ...REPOSITORY };
  [worker, configured, cutOff] = await Promise.all([
    startWorker({ SETUP_CODE, ...github }),
    startWorker({ SETUP_CODE, ...github, GITHUB_APP_ID: '31337', GITHUB_APP_PRIVATE_KEY: settingsKey }),
    startWorker({ SETUP_CODE, ...REPOSITORY, GITHUB_API: await closedAddress(), GITHUB_WEB: web.url }),
  ]);
  await standin.push(await sampleSeed(), 'The site as it starts');
}, 60_000);

afterAll(async () => {
  await Promise.all([worker?.close(), configured?.close(), cutOff?.close()]);
  await web?.close();
  await standin?.close();
});

beforeEach(async () => {
  answers = [];
  for (const site of [worker, configured, cutOff]) {
    await emptyTables(site);
    await site.sql('DELETE FROM github_app');
    await site.sql('DELETE FROM github_app_starts');
    await addPasskey(site, 'phone-1');
  }
});

type Session = { cookie: string; csrf: string };

/** A request from the signed-in owner's page (or as `session` and `origin` say); its answer's text kept. */
async function call(site: WorkerHost, path: string, session?: Session, body?: unknown, origin = SITE) {
  const answer = await site.fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    redirect: 'manual',
    headers: {
      ...(session ? { Cookie: session.cookie, 'X-CSRF-Token': session.csrf } : {}),
      ...(body === undefined ? {} : { Origin: origin, 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  answers.push(text);
  return { status: answer.status, headers: answer.headers, text, json: () => JSON.parse(text) as Record<string, string> };
}

const fromHtml = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** A page's first form: where it posts, and its hidden fields. */
function formOf(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  if (!form) throw new Error(`no form in ${html}`);
  const fields = Object.fromEntries([...form[2]!.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, fromHtml(m[2]!)]));
  return { action: fromHtml(form[1]!), fields };
}

/** A browser's form post to the web stand-in; answers the page, or where it redirects. */
async function submit(action: string, fields: Record<string, string>): Promise<{ status: number; html: string; location: string }> {
  const answer = await fetch(action, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
  return { status: answer.status, html: await answer.text(), location: answer.headers.get('location') ?? '' };
}

/**
 * Connect pressed on the phone: the state, GitHub's page (`newAppPage` in place of the one the site
 * names), "Create GitHub App": where GitHub sends the owner back.
 */
async function makeApp(session: Session, newAppPage?: string): Promise<URL> {
  const page = await call(worker, '/admin/github/', session);
  const form = formOf(page.text);
  const action = newAppPage ?? form.action;
  const { fields } = form;
  const { state } = (await call(worker, '/api/github/start', session, {})).json();
  const github = await submit(`${action}?state=${encodeURIComponent(state!)}`, fields);
  expect(github.status).toBe(200);
  const created = formOf(github.html);
  const back = await submit(new URL(created.action, web.url).href, created.fields);
  expect(back.status).toBe(302);
  return new URL(back.location);
}

it('connects from the phone: the manifest to GitHub, the code for the App kept in D1, the install, then the editor reads through it', async () => {
  const session = await addSession(worker, 'phone-1');
  const page = await call(worker, '/admin/github/', session);
  expect(page.status).toBe(200);
  expect(page.text).toContain('Connect the site’s GitHub repository');
  const policy = page.headers.get('Content-Security-Policy')!;
  expect(policy).toContain(`form-action ${web.url};`);
  expect(policy).not.toContain("form-action 'self'");
  const { action, fields } = formOf(page.text);
  // The repository belongs to an organisation (GITHUB_OWNER_TYPE): its own "new App" page.
  expect(action).toBe(`${web.url}/organizations/${OWNER}/settings/apps/new`);
  expect(JSON.parse(fields.manifest!)).toMatchObject({
    url: SITE,
    redirect_url: `${SITE}/admin/github/return`,
    setup_url: `${SITE}/admin/github/`,
    public: false,
    hook_attributes: { active: false },
    default_permissions: { contents: 'write', metadata: 'read' },
  });

  const back = await makeApp(session);
  expect(back.origin + back.pathname).toBe(`${SITE}/admin/github/return`);
  expect(web.seen).toContainEqual(expect.objectContaining({ account: OWNER }));
  // GitHub's redirect comes from another site, so no session cookie with it: the page still opens.
  const returned = await call(worker, back.pathname + back.search);
  expect(returned.status).toBe(200);
  expect(returned.text).toContain('Finishing the connection with GitHub');

  const finished = await call(worker, '/api/github/finish', session, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
  expect(finished.status).toBe(200);
  const made = standin.apps.made.at(-1)!;
  expect(finished.json()).toEqual({ slug: made.slug, install: `${web.url}/apps/${made.slug}/installations/new` });
  expect(await worker.sql('SELECT app_id, slug, private_key FROM github_app')).toEqual([
    { app_id: String(made.id), slug: made.slug, private_key: made.privateKey },
  ]);

  const notInstalled = await call(worker, '/admin/github/', session);
  expect(notInstalled.text).toContain('not installed on');
  expect(notInstalled.text).toContain(`href="${web.url}/apps/${made.slug}/installations/new"`);
  const install = formOf(await (await fetch(`${web.url}/apps/${made.slug}/installations/new`)).text());
  const setup = await submit(new URL(install.action, web.url).href, install.fields);
  expect(new URL(setup.location).pathname).toBe('/admin/github/');
  const connected = await call(worker, '/admin/github/', session);
  expect(connected.text).toContain('Connected: the editor reads and publishes');

  // The editor's reads go through the App kept in D1.
  const files = await call(worker, '/api/editor/files', session, {});
  expect(files.status).toBe(200);
  expect(files.json().head).toBe(await standin.git.ref('main'));
  expect(standin.violations).toEqual([]);

  const key = made.privateKey.split('\n')[1]!;
  for (const text of answers) {
    expect(text).not.toContain('PRIVATE KEY');
    expect(text).not.toContain(key);
  }
});

it('refuses GitHub’s answer when its state is not one this session made, or was used already', async () => {
  const owner = await addSession(worker, 'phone-1');
  const other = await addSession(worker, 'phone-1');
  const back = await makeApp(owner);
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  for (const [session, body] of [
    [other, { code, state }],
    [owner, { code, state: 'made-up-state' }],
    [owner, { code }],
  ] as const) {
    const refused = await call(worker, '/api/github/finish', session, body);
    expect(refused.status).toBe(403);
    expect(refused.json()).toEqual({
      code: 'github-state-mismatch',
      message:
        'This answer from GitHub does not belong to a connection started on this phone, so it was not used. Press “Connect the site’s GitHub repository” again.',
    });
  }
  expect((await call(worker, '/api/github/finish', owner, { code, state })).status).toBe(200);
  expect((await call(worker, '/api/github/finish', owner, { code, state })).json().code).toBe('github-state-mismatch');
  expect(await worker.sql('SELECT count(*) AS apps FROM github_app')).toEqual([{ apps: 1 }]);
});

it('says, in one sentence, that GitHub’s code ran out when it is older than an hour', async () => {
  const session = await addSession(worker, 'phone-1');
  const back = await makeApp(session);
  standin.apps.expireCodes();
  const refused = await call(worker, '/api/github/finish', session, Object.fromEntries(back.searchParams));
  expect(refused.status).toBe(410);
  expect(refused.json()).toEqual({
    code: 'github-code-expired',
    message:
      'GitHub’s answer came back too late or was used already: it is good once, within an hour. Press “Connect the site’s GitHub repository” again.',
  });
  expect(await worker.sql('SELECT * FROM github_app')).toEqual([]);
});

it('keeps no App that GitHub made for another account than the repository’s, and says what to do', async () => {
  const session = await addSession(worker, 'phone-1');
  // Someone signed in to GitHub as themselves, on their own account's "new App" page.
  web.signedIn = 'anil-thomas';
  try {
    const back = await makeApp(session, `${web.url}/settings/apps/new`);
    const refused = await call(worker, '/api/github/finish', session, Object.fromEntries(back.searchParams));
    expect(refused.status).toBe(409);
    expect(refused.json()).toEqual({
      code: 'github-wrong-account',
      message: expect.stringContaining('sign in as an owner of the repository’s account'),
    });
  } finally {
    web.signedIn = undefined;
  }
  expect(await worker.sql('SELECT * FROM github_app')).toEqual([]);
  expect(standin.violations).toEqual([]);
});

it('says GitHub could not be reached, and keeps nothing, when nothing answers at its address', async () => {
  const session = await addSession(cutOff, 'phone-1');
  const { state } = (await call(cutOff, '/api/github/start', session, {})).json();
  const refused = await call(cutOff, '/api/github/finish', session, { code: 'a180b1a3d263c81bc6441d7b990bae27d4c10679', state });
  expect(refused.status).toBe(503);
  expect(refused.json()).toEqual({
    code: 'github-unreachable',
    message: 'GitHub could not be reached just now. Nothing was lost: try again in a minute.',
  });
  expect(await cutOff.sql('SELECT * FROM github_app')).toEqual([]);
});

it('refuses the connection’s writes without a session, from another site and without the page’s token; signed out, the page sends to /admin/', async () => {
  const session = await addSession(worker, 'phone-1');
  for (const path of ['/api/github/start', '/api/github/finish']) {
    expect(await refusal(await worker.fetch(path, { method: 'POST', headers: { Origin: SITE }, body: '{}' }))).toEqual([
      401,
      'session-missing',
    ]);
    const elsewhere = await call(worker, path, session, {}, 'https://evil.example');
    expect([elsewhere.status, elsewhere.json().code]).toEqual([403, 'wrong-origin']);
    const tokenless = await call(worker, path, { cookie: session.cookie, csrf: '' }, {});
    expect([tokenless.status, tokenless.json().code]).toEqual([403, 'csrf-missing']);
  }
  expect(await worker.sql('SELECT * FROM github_app_starts')).toEqual([]);
  const signedOut = await call(worker, '/admin/github/');
  expect([signedOut.status, signedOut.headers.get('Location')]).toEqual([303, '/admin/?back=%2Fadmin%2Fgithub%2F']);
});

it('uses the App in the Worker’s settings over one kept from the phone, and offers no other', async () => {
  const session = await addSession(configured, 'phone-1');
  // An App kept in D1 that GitHub does not know: were it used, every read would be refused.
  await configured.sql(
    'INSERT INTO github_app (id, app_id, slug, private_key, made_at) VALUES (1, ?, ?, ?, ?)',
    '999',
    'forgotten-app',
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }),
    Date.now(),
  );
  const files = await call(configured, '/api/editor/files', session, {});
  expect(files.status).toBe(200);
  const page = await call(configured, '/admin/github/', session);
  expect(page.text).toContain('Connected: the editor reads and publishes');
  expect(page.text).toContain('set in the site’s settings');
  expect(page.text).not.toContain('<form');
  const start = await call(configured, '/api/github/start', session, {});
  expect([start.status, start.json().code]).toEqual([409, 'github-set-in-settings']);
  for (const text of answers) expect(text).not.toContain(settingsKey.split('\n')[1]!);
});
