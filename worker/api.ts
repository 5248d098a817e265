/**
 * The /api/ routes. One entry point checks every write before any handler runs: its Origin, then,
 * for the routes of a signed-in owner, the session and its CSRF token.
 */
import { beginCeremony, clearCeremony, takeCeremony, type Ceremony } from './ceremonies.js';
import { checkCode, invite } from './codes.js';
import { checkCsrf, checkOrigin, isWrite } from './csrf.js';
import { listDevices, removeDevice } from './devices.js';
import type { Env } from './env.js';
import { json, readJson, refuse } from './http.js';
import type { MessageCode } from './messages.js';
import { finishRegistration, finishSignin, registrationOptions, signinOptions } from './passkeys.js';
import { endSession, findSession, signedOutBecause, startSession, type Session } from './sessions.js';
import { siteOf, type Site } from './site.js';
import { INBOX_ROUTES } from './admin/inbox-routes.js';
import { EDITOR_ROUTES } from './editor/routes.js';
import { GITHUB_ROUTES } from './admin/github-routes.js';

export interface Context {
  request: Request;
  env: Env;
  site: Site;
  now: number;
  /** Present on the routes that need a signed-in owner. */
  session?: Session;
  params: string[];
}

export interface Route {
  method: string;
  path: RegExp;
  signedIn: boolean;
  handle(context: Context): Promise<Response>;
}

const NAME_LIMIT = 60;

const ROUTES: Route[] = [
  {
    method: 'GET',
    path: /^\/api\/session$/,
    signedIn: false,
    async handle({ request, env, now }) {
      const state = await findSession(env.DB, request, now);
      const setUp = (await env.DB.prepare('SELECT 1 FROM passkeys LIMIT 1').first()) !== null;
      if (state.state !== 'active') return json({ setUp, signedIn: false, signedOutBecause: signedOutBecause(state) ?? null });
      return json({
        setUp,
        signedIn: true,
        csrfToken: state.session.csrfToken,
        device: state.session.passkeyId,
        devices: await listDevices(env.DB),
      });
    },
  },
  {
    // A new passkey for this device: the set-up code for the first, an invitation code after that.
    method: 'POST',
    path: /^\/api\/passkeys\/options$/,
    signedIn: false,
    async handle({ request, env, site, now }) {
      const body = await readJson(request);
      const code = typeof body?.code === 'string' ? body.code : '';
      const name = typeof body?.name === 'string' ? body.name.trim() : '';
      if (!name) return refuse(400, 'name-missing');
      if (name.length > NAME_LIMIT) return refuse(400, 'name-too-long');
      const grant = await checkCode(env.DB, env, code, now);
      if (typeof grant === 'string') return refuse(403, grant);
      const options = await registrationOptions(env.DB, site, name);
      const ceremony = await beginCeremony(
        env.DB,
        { kind: 'register', challenge: options.challenge, deviceName: name, codeHash: grant.codeHash, codeKind: grant.kind },
        now,
      );
      return json(options, 200, { 'Set-Cookie': ceremony });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/passkeys\/verify$/,
    signedIn: false,
    handle: (context) =>
      finishCeremony(context, 'register', (ceremony, response) =>
        finishRegistration(context.env.DB, context.site, ceremony, response, context.now),
      ),
  },
  {
    method: 'POST',
    path: /^\/api\/signin\/options$/,
    signedIn: false,
    async handle({ env, site, now }) {
      const options = await signinOptions(site);
      return json(options, 200, { 'Set-Cookie': await beginCeremony(env.DB, { kind: 'signin', challenge: options.challenge }, now) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/signin\/verify$/,
    signedIn: false,
    handle: (context) =>
      finishCeremony(context, 'signin', (ceremony, response) => finishSignin(context.env.DB, context.site, ceremony, response)),
  },
  {
    method: 'POST',
    path: /^\/api\/signout$/,
    signedIn: true,
    async handle({ env, session }) {
      return json({ signedIn: false }, 200, { 'Set-Cookie': await endSession(env.DB, session!) });
    },
  },
  {
    method: 'POST',
    path: /^\/api\/invitations$/,
    signedIn: true,
    async handle({ env, now }) {
      return json(await invite(env.DB, now));
    },
  },
  {
    method: 'DELETE',
    path: /^\/api\/devices\/([A-Za-z0-9_-]+)$/,
    signedIn: true,
    async handle({ env, params }) {
      const refusal = await removeDevice(env.DB, params[0]!);
      return refusal ? refuse(refusal === 'last-device' ? 409 : 404, refusal) : json({ devices: await listDevices(env.DB) });
    },
  },
  {
    // The commit this version was built from: the editor on the live site asks a preview address
    // for it, from its own origin, to know when the preview shows the owner's changes. A commit id
    // of a public site, so any page may read it.
    method: 'GET',
    path: /^\/api\/site-commit$/,
    signedIn: false,
    async handle({ env }) {
      return json({ commit: env.SITE_COMMIT?.trim() || null }, 200, { 'Access-Control-Allow-Origin': '*' });
    },
  },
  // The content editor on the phone (worker/editor/).
  ...EDITOR_ROUTES,
  // The quote requests' inbox (worker/admin/inbox-routes.ts).
  ...INBOX_ROUTES,
  // Connecting the site's GitHub repository (worker/admin/github-routes.ts).
  ...GITHUB_ROUTES,
];

/**
 * The second half of a passkey ceremony: takes the ceremony the cookie names (once), lets `finish`
 * check the phone's answer, and signs the owner in with the passkey it names.
 */
async function finishCeremony(
  { request, env, now }: Context,
  kind: Ceremony['kind'],
  finish: (ceremony: Ceremony, response: unknown) => Promise<{ id: string } | MessageCode>,
): Promise<Response> {
  const ceremony = await takeCeremony(env.DB, request, kind, now);
  if (!ceremony) return refuse(400, 'ceremony-expired', { 'Set-Cookie': clearCeremony });
  const result = await finish(ceremony, (await readJson(request))?.response);
  if (typeof result === 'string') return refuse(403, result, { 'Set-Cookie': clearCeremony });
  const response = json({ signedIn: true });
  response.headers.append('Set-Cookie', await startSession(env.DB, result.id, now));
  response.headers.append('Set-Cookie', clearCeremony);
  return response;
}

export async function handleApi(request: Request, env: Env, now: number): Promise<Response> {
  const { pathname } = new URL(request.url);
  const route = ROUTES.find((candidate) => candidate.method === request.method && candidate.path.test(pathname));
  if (!route) return refuse(404, 'not-found');
  const site = siteOf(request, env);
  if (isWrite(request)) {
    const refusal = checkOrigin(request, site.origin);
    if (refusal) return refuse(403, refusal);
  }
  const params = route.path.exec(pathname)!.slice(1);
  if (!route.signedIn) return route.handle({ request, env, site, now, params });
  const state = await findSession(env.DB, request, now);
  if (state.state !== 'active') return refuse(401, signedOutBecause(state) ?? 'session-missing');
  const refusal = checkCsrf(request, state.session);
  if (refusal) return refuse(403, refusal);
  return route.handle({ request, env, site, now, params, session: state.session });
}
