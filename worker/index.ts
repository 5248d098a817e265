/**
 * The site's own Worker. worker/wrangler.jsonc sends it only /api/* and /admin/* (assets.run_worker_first);
 * every other address is the built site, served by Cloudflare's static assets with dist/_headers
 * exactly as without a Worker.
 */
import { handleAdmin } from './admin/routes.js';
import { handleApi } from './api.js';
import { handleEditorPage, isEditorPage } from './editor/page.js';
import { handleCount } from './counts/route.js';
import { drainUnread } from './drain.js';
import type { Env } from './env.js';
import { handleQuote } from './quotes/route.js';
import { runQuotes } from './quotes/run.js';
import { siteOf } from './site.js';

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const response = await answer(request, env);
    await drainUnread(request);
    return response;
  },
  // The cron in worker/wrangler.jsonc: quote requests the relay has not taken yet are tried again.
  async scheduled(_controller: unknown, env: Env): Promise<void> {
    await runQuotes(env, Date.now());
  },
};

async function answer(request: Request, env: Env): Promise<Response> {
  const { pathname } = new URL(request.url);
  const now = Date.now();
  if (pathname === '/api/quote' && request.method === 'POST') return handleQuote(request, env, siteOf(request, env).origin, now);
  if (pathname === '/api/count' && request.method === 'POST') return handleCount(request, env, siteOf(request, env).origin, now);
  if (pathname.startsWith('/api/')) return handleApi(request, env, now);
  if (isEditorPage(pathname)) return handleEditorPage(request, env, now);
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return handleAdmin(request, env, now);
  return env.ASSETS.fetch(request);
}
