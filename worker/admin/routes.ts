/** The /admin/ addresses: the account screens, their script and their style. */
import { listDevices } from '../devices.js';
import type { Env } from '../env.js';
import { text } from '../http.js';
import { findSession, signedOutBecause } from '../sessions.js';
import { adminPage, type Screen } from './page.js';
import { ADMIN_SCRIPT } from './script.js';
import { ADMIN_STYLE } from './style.js';
import { PAGE_HEADERS } from './document.js';
import { handleInboxPages } from './inbox-routes.js';
import { handleGitHubPages } from './github-routes.js';

async function screenFor(request: Request, env: Env, now: number): Promise<Screen> {
  const state = await findSession(env.DB, request, now);
  if (state.state === 'active') {
    return { kind: 'signed-in', devices: await listDevices(env.DB), current: state.session.passkeyId, csrfToken: state.session.csrfToken };
  }
  const setUp = (await env.DB.prepare('SELECT 1 FROM passkeys LIMIT 1').first()) !== null;
  return setUp ? { kind: 'signin', signedOutBecause: signedOutBecause(state) } : { kind: 'setup' };
}

export async function handleAdmin(request: Request, env: Env, now: number): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
  if (pathname === '/admin') return new Response(null, { status: 308, headers: { Location: '/admin/' } });
  if (pathname === '/admin/') return text(adminPage(await screenFor(request, env, now)), 'text/html; charset=utf-8', PAGE_HEADERS);
  if (pathname === '/admin/admin.js') return text(ADMIN_SCRIPT, 'text/javascript; charset=utf-8');
  if (pathname === '/admin/admin.css') return text(ADMIN_STYLE, 'text/css; charset=utf-8');
  const screen = (await handleInboxPages(request, env, now)) ?? (await handleGitHubPages(request, env, now));
  if (screen) return screen;
  return text('There is nothing at this address. The editor is at /admin/.', 'text/plain; charset=utf-8', {}, 404);
}
