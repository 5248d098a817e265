/**
 * The Worker in workerd with its D1 and a relay stand-in, for the quote request tests: requests to
 * /api/quote, the scheduled run triggered at will, and the rows to read or set (times are moved by
 * writing them, never by waiting).
 */
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { D1Database } from '../../../../worker/env.js';
import { databaseOf, withDatabase } from '../../../helpers/d1-bridge.js';
import { SITE, bundle, migrations } from '../../../helpers/worker.js';
import { startRelay, type RelayStandIn } from './relay.js';
import { SETTINGS_FILE } from '../../../../generator/hosts.js';

/** The form's page as the stand-in for the built site serves it: only the notes a refusal shows. */
export const CONTACT_PAGE = `<!doctype html><html lang="ml"><body><form data-quote-form>
<p class="notice notice-error" data-form-error hidden>അയയ്ക്കാൻ കഴിഞ്ഞില്ല.</p>
<div class="fallback" data-form-fallback hidden><a data-fallback-whatsapp href="https://wa.me/919800000000">WhatsApp</a></div>
</form></body></html>`;

export interface QuoteHost {
  relay: RelayStandIn;
  post(
    fields: Record<string, string>,
    options?: { address?: string; plain?: boolean; origin?: string; referer?: string },
  ): Promise<Response>;
  /** Any other request to the Worker at the site's address. */
  fetch(pathname: string, init?: RequestInit): Promise<Response>;
  /** One scheduled run, as the cron starts it. */
  scheduled(): Promise<void>;
  sql<Row = Record<string, unknown>>(query: string, ...values: unknown[]): Promise<Row[]>;
  /** The Worker's D1, for calling the Worker's own store functions on it. */
  db: D1Database;
}

/** What the page's script sends for Anu's request, with `changes` on top. */
export function request(changes: Record<string, string> = {}): Record<string, string> {
  return {
    subject: 'New Moving Quote Request - Anu Thomas',
    _subject: 'New Moving Quote Request - Anu Thomas',
    _captcha: 'false',
    _template: 'table',
    name: 'Anu Thomas',
    email: 'anu@example.in',
    phone: '+91 98470 12345',
    service: 'House shifting',
    moveFrom: 'Kochi',
    moveTo: 'Thrissur',
    moveDate: '2026-12-14',
    message: 'Two bedrooms, third floor, no lift.',
    ...changes,
  };
}

/**
 * The Worker for a whole test file, its quote tables emptied and the relay accepting before each test.
 * `relayInBuild`: the relay's address is not a Worker variable but the file a Cloudflare build leaves,
 * with `keepDays` from the content when given. `requestReply`: that file holds the inbox's WhatsApp
 * reply by language, as the build writes it from whatsapp.yaml.
 */
export function quoteHostForFile(
  bindings: Record<string, string> = {},
  {
    relayInBuild = false,
    keepDays,
    requestReply,
  }: { relayInBuild?: boolean; keepDays?: number; requestReply?: Record<string, string> } = {},
): () => QuoteHost {
  let mf: Miniflare | undefined;
  let host: QuoteHost | undefined;
  beforeAll(async () => {
    const relay = await startRelay();
    mf = new Miniflare(
      withDatabase({
        modules: true,
        script: await bundle(),
        compatibilityDate: '2026-04-01',
        bindings: { ...(relayInBuild ? {} : { FORM_RELAY: relay.url }), ...bindings },
        serviceBindings: {
          ASSETS: (request: { url: string }) => {
            const { pathname } = new URL(request.url);
            if (pathname.endsWith('/contact/'))
              return new Response(CONTACT_PAGE, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
            if ((relayInBuild || requestReply) && pathname === `/${SETTINGS_FILE}`)
              return Response.json({ relay: relay.url, keepDays, requestReply });
            return new Response('Not found', { status: 404 });
          },
        },
      }),
    );
    const database = databaseOf(mf);
    await database.batch(await migrations());
    // The Worker's own store functions run from here on Miniflare's handle (store.test.ts); rows are read through the bridge.
    const db = await mf.getD1Database('DB');
    const worker = await mf.getWorker();
    host = {
      relay,
      db: db as unknown as D1Database,
      post: async (fields, { address = '203.0.113.7', plain = false, origin = SITE, referer } = {}) => {
        const headers: Record<string, string> = {
          Origin: origin,
          'CF-Connecting-IP': address,
          Accept: plain ? 'text/html,application/xhtml+xml' : 'application/json',
        };
        if (referer) headers.Referer = referer;
        // The page's script sends multipart form data; it is encoded here, as Miniflare passes only bytes on.
        const form = new FormData();
        for (const [name, value] of Object.entries(fields)) form.append(name, value);
        const encoded = new Request(SITE, { method: 'POST', body: plain ? new URLSearchParams(fields) : form });
        headers['Content-Type'] = encoded.headers.get('Content-Type')!;
        const body = new Uint8Array(await encoded.arrayBuffer());
        return (await mf!.dispatchFetch(`${SITE}/api/quote`, { method: 'POST', headers, body, redirect: 'manual' })) as unknown as Response;
      },
      fetch: async (pathname, init) =>
        (await mf!.dispatchFetch(new URL(pathname, SITE), { redirect: 'manual', ...init } as never)) as unknown as Response,
      scheduled: async () => {
        const result = await (worker as unknown as { scheduled(options: { cron: string }): Promise<{ outcome: string }> }).scheduled({
          cron: '*/5 * * * *',
        });
        if (result.outcome !== 'ok') throw new Error(`The scheduled run ended with ${result.outcome}`);
      },
      sql: database.sql,
    };
  });
  afterAll(async () => {
    await mf?.dispose();
    await host?.relay.close();
  });
  beforeEach(async () => {
    for (const table of ['quote_requests', 'quote_salts', 'quote_senders', 'quote_refusals']) await host!.sql(`DELETE FROM ${table}`);
    host!.relay.received.length = 0;
    host!.relay.answer('accept');
  });
  return () => host!;
}
