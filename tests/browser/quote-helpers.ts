/**
 * What the quote form specs share: a visitor's answers, filling them in and reading them back, and
 * the `test` they run with, which runs them twice (playwright.config.ts): once on the GitHub Pages
 * build, whose form posts to the relay itself, and once through the Worker, on the Cloudflare build
 * served by its own Worker in workerd (visitor/quote/worker-site.ts).
 */
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { HELD_PER_HOUR, PER_HOUR } from '../../worker/quotes/limit.js';
import { browserEnv } from './env.js';
import { expect, test as base } from './fixtures.js';
import { RelayClient } from './relay.js';
import { cloudflareDist } from './test-site.js';
import { startWorkerSite, type WorkerSite } from './visitor/quote/worker-site.js';

export { expect };

/** Where the form posts: the relay itself (GitHub Pages) or the site's own Worker (Cloudflare). */
export type Through = 'relay' | 'worker';

export interface QuoteOptions {
  through: Through;
}

interface QuoteFixtures {
  /** The Worker serving this run's pages, when the form posts through it. */
  workerSite: WorkerSite | undefined;
}

export const test = base.extend<QuoteFixtures, QuoteOptions & { workerRuntime: WorkerSite | undefined }>({
  through: ['relay', { option: true, scope: 'worker' }],
  // One runtime per test worker, started by its first test: its forwards land in a relay lane of its own.
  workerRuntime: [
    async ({ through }, use, workerInfo) => {
      if (through !== 'worker') return use(undefined);
      const env = browserEnv();
      const lane = `worker-${workerInfo.workerIndex}`;
      const site = await startWorkerSite(cloudflareDist(env.dist), `${env.relayEndpoint}?lane=${lane}`);
      try {
        await use(site);
      } finally {
        await site.close();
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  workerSite: async ({ workerRuntime }, use) => {
    await use(workerRuntime);
    // A test that made the Worker unreachable leaves it reachable for the next.
    await workerRuntime?.reachable();
  },
  baseURL: async ({ workerSite, baseURL }, use) => {
    await use(workerSite?.url ?? baseURL);
  },
  // Each test is a visitor of its own to the Worker: on Cloudflare the edge names the address the
  // hourly limit counts (CF-Connecting-IP); workerd keeps the one a request already carries.
  extraHTTPHeaders: async ({ workerSite, extraHTTPHeaders }, use, testInfo) => {
    if (!workerSite) return use(extraHTTPHeaders);
    await use({ ...extraHTTPHeaders, 'CF-Connecting-IP': visitorAddress(testInfo.testId, testInfo.repeatEachIndex, testInfo.retry) });
  },
  relay: async ({ workerSite, relay }, use, testInfo) => {
    if (!workerSite) return use(relay);
    // The Worker's forwards carry no header of the test's: they land in the lane its relay address names.
    const client = new RelayClient(browserEnv().relayOrigin, `worker-${testInfo.workerIndex}`);
    await client.reset();
    await use(client);
    await client.reset();
  },
});

/** A documentation address (RFC 3849) made from the test's id, so no two tests share an hour's count. */
function visitorAddress(testId: string, ...runs: number[]): string {
  const hash = createHash('sha256')
    .update(`${testId}:${runs.join(':')}`)
    .digest('hex');
  return `2001:db8:${hash.slice(0, 24).match(/.{4}/g)!.join(':')}`;
}

/**
 * What a visitor types, by the field's label, with the label the WhatsApp fallback writes it
 * under. The values carry `&`, `#`, a line break and Malayalam, which a careless link would lose.
 */
export const ANSWERS = [
  { label: 'Full Name *', plain: 'Full Name', field: 'name', value: 'Anjali & Ravi Menon' },
  { label: 'Email Address *', plain: 'Email Address', field: 'email', value: 'anjali.menon@example.in' },
  { label: 'Phone Number *', plain: 'Phone Number', field: 'phone', value: '+91 98470 12345' },
  { label: 'Service Required *', plain: 'Service Required', field: 'service', value: 'Packing & Unpacking', select: true },
  { label: 'Moving From *', plain: 'Moving From', field: 'moveFrom', value: 'Flat #4B, Kakkanad, Kochi' },
  { label: 'Moving To *', plain: 'Moving To', field: 'moveTo', value: 'തിരുവനന്തപുരം (Thiruvananthapuram)' },
  { label: 'Moving Date', plain: 'Moving Date', field: 'moveDate', value: '2030-05-20' },
  {
    label: 'Additional Details',
    plain: 'Additional Details',
    field: 'message',
    value: 'Third floor, lift available.\nഒരു പിയാനോയും ഉണ്ട് & 20 boxes #fragile',
  },
] as const;

export async function fillQuote(page: Page): Promise<void> {
  for (const answer of ANSWERS) {
    const control = page.getByLabel(answer.label, { exact: true });
    if ('select' in answer) await control.selectOption({ label: answer.value });
    else await control.fill(answer.value);
  }
}

export async function expectQuoteValues(page: Page, filled: boolean): Promise<void> {
  for (const answer of ANSWERS) {
    await expect(page.getByLabel(answer.label, { exact: true }), answer.label).toHaveValue(filled ? answer.value : '');
  }
}

export const quoteButton = (page: Page) => page.getByRole('button', { name: 'Get Free Quote' });

/** Tags that keep a test to the run it is about (playwright.config.ts filters by them). */
export const TO_RELAY = '@to-relay';
export const THROUGH_WORKER = '@through-worker';

/**
 * The real causes that make the form fail when it posts to the Worker, which keeps whatever the
 * relay does with it: the Worker cannot be reached, or it turns the request away. `recover` puts
 * things right for the next send.
 */
export interface WorkerFailure {
  title: string;
  cause(page: Page, site: WorkerSite): Promise<void>;
  recover(page: Page, site: WorkerSite): Promise<void>;
}

export const WORKER_FAILURES: WorkerFailure[] = [
  {
    title: 'the Worker cannot be reached (the connection is refused)',
    cause: (_page, site) => site.unreachable(),
    recover: (_page, site) => site.reachable(),
  },
  {
    title: 'the Worker turns the request away (over the hourly limit of one address, once the hour has held its share)',
    cause: useUpTheHour,
    // The limit counts an address: a phone whose mobile data gave it another one gets through.
    recover: (page) => page.setExtraHTTPHeaders({ 'CF-Connecting-IP': '2001:db8::5ec0:d' }),
  },
];

/**
 * Sends, from this test's address, requests until the Worker turns one away: those over the
 * address's limit are held for the owner until the site's share for the hour is used up.
 */
export async function useUpTheHour(page: Page, site: Pick<WorkerSite, 'url'>): Promise<void> {
  const form = Object.fromEntries(ANSWERS.map((answer) => [answer.field, answer.value]));
  const statuses: number[] = [];
  while (statuses.at(-1) !== 429 && statuses.length <= PER_HOUR + HELD_PER_HOUR) {
    const { href, origin } = new URL('/api/quote', site.url);
    const answer = await page.request.post(href, { form, headers: { Origin: origin, Accept: 'application/json' } });
    statuses.push(answer.status());
  }
  expect(statuses.slice(0, PER_HOUR), 'the Worker took the requests within its hourly limit').toEqual(Array(PER_HOUR).fill(200));
  expect(statuses.at(-1), 'the Worker turned away one over the hour’s share').toBe(429);
}
