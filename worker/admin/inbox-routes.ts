/**
 * The owner's inbox and counts: the pages /admin/requests/ and /admin/counts/ (signed in; signed
 * out, /admin/ to sign in first), their script and style, and the API's two writes, which pass the
 * API's one gate (worker/api.ts: Origin, session, CSRF token) like every other.
 */
import type { Route } from '../api.js';
import { summarize } from '../counts/summary.js';
import type { Env } from '../env.js';
import { json, readJson, refuse, signInFirst, text } from '../http.js';
import { keepingDays, requestReplies } from '../quotes/built-settings.js';
import { findSession } from '../sessions.js';
import { countsBody } from './counts-page.js';
import { PAGE_HEADERS, adminDocument } from './document.js';
import { HANDLED, listRequests, markHandled, resend, type Handled } from './inbox-data.js';
import { inboxBody } from './inbox-page.js';
import { INBOX_SCRIPT } from './inbox-script.js';
import { INBOX_STYLE } from './inbox-style.js';

function page(title: string, body: string, csrfToken: string): string {
  return adminDocument({ title, body, csrfToken, script: '/admin/inbox.js', styles: ['/admin/admin.css', '/admin/inbox.css'] });
}

/** The inbox's own addresses under /admin/; undefined for any other. */
export async function handleInboxPages(request: Request, env: Env, now: number): Promise<Response | undefined> {
  const { pathname } = new URL(request.url);
  if (pathname === '/admin/inbox.js') return text(INBOX_SCRIPT, 'text/javascript; charset=utf-8');
  if (pathname === '/admin/inbox.css') return text(INBOX_STYLE, 'text/css; charset=utf-8');
  if (pathname !== '/admin/requests/' && pathname !== '/admin/counts/') return undefined;
  const state = await findSession(env.DB, request, now);
  if (state.state !== 'active') return signInFirst(request);
  const { csrfToken } = state.session;
  if (pathname === '/admin/requests/') {
    const [requests, keepDays, replyIn] = await Promise.all([listRequests(env.DB), keepingDays(env), requestReplies(env)]);
    return text(page('Quote requests', inboxBody(requests, keepDays, replyIn), csrfToken), 'text/html; charset=utf-8', PAGE_HEADERS);
  }
  const [week, month] = await Promise.all([summarize(env.DB, now, 7), summarize(env.DB, now, 30)]);
  return text(page('Visits', countsBody(week, month), csrfToken), 'text/html; charset=utf-8', PAGE_HEADERS);
}

export const INBOX_ROUTES: Route[] = [
  {
    method: 'POST',
    path: /^\/api\/requests\/([A-Za-z0-9_-]+)\/handled$/,
    signedIn: true,
    async handle({ request, env, params }) {
      const state = (await readJson(request))?.state;
      if (!HANDLED.includes(state as Handled)) return refuse(400, 'bad-request');
      return (await markHandled(env.DB, params[0]!, state as Handled)) ? json({ handled: state }) : refuse(404, 'request-unknown');
    },
  },
  {
    method: 'POST',
    path: /^\/api\/requests\/([A-Za-z0-9_-]+)\/resend$/,
    signedIn: true,
    async handle({ env, params, now }) {
      return (await resend(env, params[0]!, now)) ? json({ resent: true }) : refuse(404, 'request-unknown');
    },
  },
];
