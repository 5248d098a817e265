/**
 * POST /api/count: one beacon from the page's script (client/counts.ts), a page view or a tap.
 * The answer is always an empty 204, counted or not: the page never reads it, and a refused beacon
 * has nothing to be told. A beacon is counted only when it comes from the site's own page, from a
 * person's browser (bots.ts), and names a known event on a page address of this site.
 */
import type { Env } from '../env.js';
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import { isBot } from './bots.js';
import { DETAIL, EVENTS, WITH_DETAIL, type CountEvent } from './events.js';
import { sourceOf, type Source } from './sources.js';
import { count, type Counted } from './store.js';

/** A beacon is a few short fields; anything longer is not the site's script. */
const BODY_LIMIT = 1024;
const PAGE = /^\/[A-Za-z0-9/_.-]{0,199}$/;

const NOTHING = () => new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

export async function handleCount(request: Request, env: Env, origin: string, now: number): Promise<Response> {
  if (request.headers.get('Origin') !== origin || isBot(request)) return NOTHING();
  const body = await request.text();
  if (body.length > BODY_LIMIT) return NOTHING();
  const agent = request.headers.get('User-Agent') ?? '';
  const counted = readBeacon(new URLSearchParams(body), (host) => sourceOf(host, agent, new URL(origin).hostname));
  if (counted) await count(env.DB, counted, now);
  return NOTHING();
}

/**
 * The beacon's fields, checked: `p` the page's address, `e` the event, `d` its detail, and for a
 * view, `r` the host name of the page the visitor came from, which `sourceOf` turns into where the
 * visit began (sources.ts): a view's detail, never sent by the page. The page's language is its
 * address's: the translation whose folder it starts with, else English.
 */
export function readBeacon(fields: URLSearchParams, sourceOf: (referrerHost: string) => Source | undefined): Counted | undefined {
  const page = fields.get('p') ?? '';
  const event = (fields.get('e') ?? '') as CountEvent;
  const sent = fields.get('d') ?? '';
  if (!PAGE.test(page) || page.includes('..')) return undefined;
  if (!EVENTS.includes(event)) return undefined;
  if (WITH_DETAIL.has(event) ? !DETAIL.test(sent) : sent !== '') return undefined;
  const detail = event === 'view' ? (sourceOf(fields.get('r') ?? '') ?? '') : sent;
  const language = TRANSLATIONS.find((translation) => page.startsWith(`/${translation.folder}/`))?.code ?? 'en';
  return { page, language, event, detail };
}
