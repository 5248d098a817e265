/**
 * What the Worker is given by Cloudflare (worker/wrangler.jsonc): the built site, the owner's database
 * and the one-time set-up code. Only the parts of D1's API the Worker uses are described, so the
 * Worker needs no type package of its own.
 */
import type { GitHubEnv } from './github/settings.js';

export interface D1Result<Row> {
  results: Row[];
  meta: { changes: number };
}

export interface D1PreparedStatement {
  bind(...values: unknown[]): D1PreparedStatement;
  first<Row = Record<string, unknown>>(): Promise<Row | null>;
  all<Row = Record<string, unknown>>(): Promise<D1Result<Row>>;
  run(): Promise<D1Result<never>>;
}

export interface D1Database {
  prepare(query: string): D1PreparedStatement;
  batch(statements: D1PreparedStatement[]): Promise<Array<D1Result<never>>>;
}

export interface Env extends GitHubEnv {
  /** The built site (dist/), served exactly as without a Worker. */
  ASSETS: { fetch(request: Request): Promise<Response> };
  DB: D1Database;
  /** A Worker secret: makes the first passkey, once. Unset: the editor cannot be set up. */
  SETUP_CODE?: string;
  /** The site's address, e.g. https://keralamovers.in; unset: the address the request came to. */
  SITE_ORIGIN?: string;
  /** The form relay's AJAX address, where kept quote requests are sent on (docs/worker.md). */
  FORM_RELAY?: string;
  /** Days a quote request is kept in D1 after it arrived; unset: 180. */
  QUOTE_KEEP_DAYS?: string;
  /** A Worker secret: Cloudflare Turnstile's secret key. Unset: quote requests are not checked by Turnstile. */
  TURNSTILE_SECRET?: string;
  /**
   * Where the deploy publishes the editor's preview branch (https://site-preview-<worker>.<account>.workers.dev),
   * set by the deploy to Cloudflare; unset: the phone offers no preview address.
   */
  PREVIEW_ADDRESS?: string;
  /** The commit this version of the site was built from, set by the deploy. */
  SITE_COMMIT?: string;
  /** Where Turnstile tokens are checked; unset: Cloudflare's siteverify (a stand-in in tests). */
  TURNSTILE_VERIFY_URL?: string;
}
