/**
 * The `test` every browser spec imports. On top of Playwright's own fixtures it:
 * - points baseURL at the `site preview` the global setup started;
 * - keeps every test off the network: requests to any host but 127.0.0.1 are answered by a local
 *   stand-in and recorded in `external` (so a test can ask which URL a new tab tried to open);
 * - watches every page of the context for console errors, uncaught exceptions, failed requests
 *   and Content Security Policy violations, and fails the test on any it did not expect.
 *   Chromium's own "Failed to load resource" console lines (a 4xx/5xx answer) and requests
 *   cancelled by the next navigation are left to the page-load tests in pages.spec.ts, which wait
 *   for the network to settle and check every status, so one missing file fails there by name
 *   instead of failing every behaviour test.
 */
import { test as base, expect, type BrowserContext, type ConsoleMessage, type Page, type Request } from '@playwright/test';
import { browserEnv, type BrowserEnv } from './env.js';
import { LANE_HEADER, RelayClient } from './relay.js';

export { expect };

export interface ExternalRequest {
  url: string;
  resourceType: string;
  /** True when the request loads a whole tab (a popup or new window), not a frame or a resource. */
  isTopLevel: boolean;
}

export interface PageIssue {
  kind: 'console' | 'pageerror' | 'requestfailed' | 'csp';
  text: string;
  page: string;
}

/** What went wrong in the pages of this test's context. */
export class Issues {
  readonly all: PageIssue[] = [];
  private readonly allowed: { kind: PageIssue['kind']; pattern: RegExp }[] = [];

  /** Lets issues of this kind matching `pattern` happen without failing the test (never CSP). */
  allow(kind: Exclude<PageIssue['kind'], 'csp'>, pattern: RegExp): void {
    this.allowed.push({ kind, pattern });
  }

  of(kind: PageIssue['kind']): PageIssue[] {
    return this.all.filter((issue) => issue.kind === kind);
  }

  /**
   * Everything not allowed. `strict: false` also leaves out Chromium's notices of 4xx/5xx answers
   * and requests cancelled because the test moved on to another page before they finished.
   */
  unexpected({ strict = true } = {}): PageIssue[] {
    return this.all.filter(
      (issue) =>
        !(!strict && issue.kind === 'console' && NETWORK_NOTICE.test(issue.text)) &&
        !(!strict && issue.kind === 'requestfailed' && issue.text.endsWith(': net::ERR_ABORTED')) &&
        !this.allowed.some((rule) => rule.kind === issue.kind && rule.pattern.test(issue.text)),
    );
  }
}

/** What Chromium logs by itself when a request answers 4xx/5xx. */
const NETWORK_NOTICE = /^Failed to load resource: the server responded with a status of/;

/**
 * Chromium skips a cross-document view transition (the site's animated page change) now and then
 * while Playwright intercepts requests (which also turns the cache off), and reports it as an
 * uncaught error even with JavaScript disabled. The page still changes.
 * (Compare microsoft/playwright#41562.) Verified: it never happens on the same clicks without routing.
 */
const VIEW_TRANSITION_ABORT = /^Transition was (aborted|skipped)/;

/** A Content Security Policy violation, as Chromium reports it on the console or as an event. */
const CSP_MESSAGE = /Content[ -]Security[ -]Policy|securitypolicyviolation/i;

interface Fixtures {
  env: BrowserEnv;
  relay: RelayClient;
  external: ExternalRequest[];
  issues: Issues;
  /** Checks, after the test, that nothing unexpected went wrong (runs for every test). */
  pageHealth: void;
}

export const test = base.extend<Fixtures>({
  env: async ({}, use) => {
    await use(browserEnv());
  },
  baseURL: async ({}, use) => {
    await use(browserEnv().baseURL);
  },
  // Each test gets its own lane of the shared relay: every request the pages send to it is tagged.
  relay: async ({ env, context }, use, testInfo) => {
    const relay = new RelayClient(env.relayOrigin, testInfo.testId);
    await context.route(
      (url) => url.href.startsWith(env.relayEndpoint),
      (route) => route.continue({ headers: { ...route.request().headers(), [LANE_HEADER]: relay.lane } }),
    );
    await relay.reset();
    await use(relay);
    await relay.reset();
  },
  external: async ({}, use) => {
    await use([]);
  },
  issues: async ({}, use) => {
    await use(new Issues());
  },
  context: async ({ context, external, issues }, use) => {
    await keepOffTheNetwork(context, external);
    await watchForIssues(context, issues);
    await use(context);
  },
  pageHealth: [
    async ({ issues }, use) => {
      await use();
      const csp = issues.of('csp');
      expect(csp, `Content Security Policy violations:\n${list(csp)}`).toEqual([]);
      const unexpected = issues.unexpected({ strict: false });
      expect(unexpected, `The pages reported problems:\n${list(unexpected)}`).toEqual([]);
    },
    { auto: true },
  ],
});

function list(issues: PageIssue[]): string {
  return issues.map((issue) => `  [${issue.kind}] ${issue.page}: ${issue.text}`).join('\n');
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Answers every request for another host locally, and records it. */
async function keepOffTheNetwork(context: BrowserContext, external: ExternalRequest[]): Promise<void> {
  await context.route(
    (url) => url.protocol.startsWith('http') && !LOCAL_HOSTS.has(url.hostname),
    async (route) => {
      const request = route.request();
      const isTopLevel = request.isNavigationRequest() && isMainFrame(request);
      external.push({ url: request.url(), resourceType: request.resourceType(), isTopLevel });
      if (request.resourceType() === 'document') {
        await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: standIn(request.url()) });
      } else {
        await route.fulfill({ status: 204, body: '' });
      }
    },
  );
}

function isMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    // A new tab's first navigation can start before its frame exists (Playwright documents this).
    return true;
  }
}

/**
 * A small page standing in for a third-party one (the map frame, a WhatsApp chat). No landmarks
 * or headings: inside the map frame they would add to the contact page's own under axe.
 */
function standIn(url: string): string {
  const host = new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stand-in for ${host}</title></head><body><p>Stand-in for ${host}: the browser tests answer every request for another host locally.</p></body></html>`;
}

async function watchForIssues(context: BrowserContext, issues: Issues): Promise<void> {
  // securitypolicyviolation events reach the test through a binding, which CSP does not govern.
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    issues.all.push({ kind: 'csp', text, page: page?.url() ?? '?' });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation?: (text: string) => void }).__reportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  const watch = (page: Page) => {
    page.on('console', (message: ConsoleMessage) => {
      const text = message.text();
      if (CSP_MESSAGE.test(text)) issues.all.push({ kind: 'csp', text, page: page.url() });
      else if (message.type() === 'error') issues.all.push({ kind: 'console', text, page: page.url() });
    });
    page.on('pageerror', (error) => {
      if (VIEW_TRANSITION_ABORT.test(error.message)) return;
      issues.all.push({ kind: 'pageerror', text: `${error.name}: ${error.message}\n${error.stack ?? ''}`, page: page.url() });
    });
    page.on('requestfailed', (request: Request) => {
      const failure = request.failure()?.errorText ?? 'failed';
      issues.all.push({ kind: 'requestfailed', text: `${request.method()} ${request.url()}: ${failure}`, page: page.url() });
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}
