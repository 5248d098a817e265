/**
 * The tests' own way into a Worker's local D1: a second, test-only Worker bound to the same
 * database, reached at one address of its own by an ordinary request. Miniflare's handle on a D1
 * (`getD1Database`) makes each `prepare` and `bind` a blocking call through a helper thread, and
 * on a busy machine that call now and then came back without its answer (an assertion inside
 * Miniflare), failing a test that had nothing wrong. An ordinary request has no such hand-over.
 */
import type { Miniflare, MiniflareOptions, SharedOptions, WorkerOptions } from 'miniflare';

/** The address the bridge answers on, on whatever host: no site has a page there. */
export const BRIDGE_PATH = '/__test-d1';

/** The one database the site's Worker and the bridge share, by Miniflare's id. */
export const DATABASE_ID = 'site-d1';

interface Statement {
  sql: string;
  values: unknown[];
}

// Bytes travel as { bytes: [...] } in JSON and are bound as bytes again, as a BLOB column needs.
const BRIDGE_SCRIPT = `
const bound = (value) => (value && typeof value === 'object' && Array.isArray(value.bytes) ? new Uint8Array(value.bytes) : value);
export default {
  async fetch(request, env) {
    try {
      const { statements } = await request.json();
      const results = await env.DB.batch(statements.map(({ sql, values }) => env.DB.prepare(sql).bind(...values.map(bound))));
      return Response.json(results.map((result) => result.results ?? []));
    } catch (error) {
      return new Response(String(error && error.stack || error), { status: 500 });
    }
  },
};
`;

/**
 * Miniflare's options for the site's Worker with its D1 (bound as DB) and the bridge beside it:
 * every request goes to the site's Worker but those to BRIDGE_PATH.
 */
export function withDatabase(site: WorkerOptions, shared: SharedOptions = {}): MiniflareOptions {
  const compatibilityDate = site.compatibilityDate ?? '2026-04-01';
  return { ...shared, workers: [{ ...site, d1Databases: { DB: DATABASE_ID } }, bridgeWorker(compatibilityDate)] } as MiniflareOptions;
}

/** The database of a Miniflare made with withDatabase. */
export function databaseOf(mf: Miniflare): TestDatabase {
  return bridgedDatabase(async (body) => {
    const answer = await mf.dispatchFetch(`http://localhost${BRIDGE_PATH}`, { method: 'POST', body });
    return { ok: answer.ok, status: answer.status, text: () => answer.text() };
  });
}

function bridgeWorker(compatibilityDate: string): WorkerOptions {
  return {
    name: 'test-d1-bridge',
    modules: true,
    script: BRIDGE_SCRIPT,
    compatibilityDate,
    d1Databases: { DB: DATABASE_ID },
    routes: [`*${BRIDGE_PATH}`],
  };
}

export interface TestDatabase {
  /** One query; answers its rows. */
  sql<Row = Record<string, unknown>>(query: string, ...values: unknown[]): Promise<Row[]>;
  /** Statements without values, in one batch (one transaction), as the migrations run. */
  batch(statements: string[]): Promise<void>;
}

/** The bridge's client; `post` sends a request to BRIDGE_PATH (Miniflare's dispatchFetch). */
export function bridgedDatabase(post: (body: string) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>): TestDatabase {
  const send = async (statements: Statement[]): Promise<unknown[][]> => {
    const answer = await post(JSON.stringify({ statements }));
    const text = await answer.text();
    if (!answer.ok) throw new Error(`The test database refused ${JSON.stringify(statements[0]?.sql)}: ${text}`);
    return JSON.parse(text) as unknown[][];
  };
  const encoded = (value: unknown) => (value instanceof Uint8Array ? { bytes: [...value] } : value);
  return {
    async sql<Row>(query: string, ...values: unknown[]) {
      const [rows] = await send([{ sql: query, values: values.map(encoded) }]);
      return rows as Row[];
    },
    async batch(statements) {
      await send(statements.map((sql) => ({ sql, values: [] })));
    },
  };
}
