/**
 * A stand-in for github.com's own pages in the manifest flow, beside the API stand-in (server.ts)
 * whose Apps it makes and installs. The Worker's GITHUB_WEB points here. As on GitHub, the posted
 * manifest opens a page whose "Create GitHub App" button makes the code and sends the person to the
 * manifest's redirect_url with it (and the state); the install page's button installs the App on
 * the repository and sends the person to the App's setup_url. Every manifest is checked against
 * GitHub's documented fields; each mismatch joins the API stand-in's violations.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { manifestViolations, type Manifest } from './apps.js';
import type { GitHubStandin } from './server.js';

/** A page as the web stand-in was asked for it: which account a new App was for, when one was. */
export interface SeenPage {
  method: string;
  path: string;
  account?: string;
}

const html = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, action: string, fields: Record<string, string>, button: string): string {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${html(value)}">`)
    .join('');
  return `<!doctype html><title>${html(title)}</title><h1>${html(title)}</h1><form method="post" action="${html(action)}">${inputs}<button>${html(button)}</button></form>`;
}

export class GitHubWebStandin {
  readonly seen: SeenPage[] = [];
  /** Who is signed in to github.com: a personal App is theirs. Unset: the repository's owner. */
  signedIn: string | undefined;
  private server = createServer((request, response) => {
    this.handle(request, response).catch((error: Error) => {
      this.api.violations.push(`the web stand-in failed on ${request.method} ${request.url}: ${error.stack ?? error}`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  private constructor(private readonly api: GitHubStandin) {}

  static async start(api: GitHubStandin): Promise<GitHubWebStandin> {
    const web = new GitHubWebStandin(api);
    await new Promise<void>((resolve) => web.server.listen(0, '127.0.0.1', resolve));
    return web;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    const form = new URLSearchParams(method === 'POST' ? await readBody(request) : '');
    const newApp = /^\/(?:organizations\/([^/]+)\/)?settings\/apps\/new(\/create)?$/.exec(url.pathname);
    const install = /^\/apps\/([^/]+)\/installations\/new$/.exec(url.pathname);
    // A personal App belongs to whoever is signed in.
    const account = newApp ? decodeURIComponent(newApp[1] ?? this.signedIn ?? this.api.options.owner) : undefined;
    this.seen.push({ method, path: url.pathname, ...(account ? { account } : {}) });
    if (newApp && method === 'POST' && !newApp[2]) {
      // The manifest posted by the site's page: GitHub shows the App to create, its name editable.
      let manifest: unknown;
      try {
        manifest = JSON.parse(form.get('manifest') ?? '');
      } catch {
        this.api.violations.push('the manifest posted to GitHub is not JSON');
      }
      this.api.violations.push(...manifestViolations(manifest));
      const fields = {
        manifest: form.get('manifest') ?? '',
        ...(url.searchParams.has('state') ? { state: url.searchParams.get('state')! } : {}),
      };
      return this.answer(response, 200, page(`Create GitHub App for ${account}`, `${url.pathname}/create`, fields, 'Create GitHub App'));
    }
    if (newApp && method === 'POST') {
      // "Create GitHub App" pressed: the code, sent back to the manifest's redirect_url.
      const manifest = JSON.parse(form.get('manifest') ?? '{}') as Manifest;
      const back = new URL(manifest.redirect_url ?? manifest.url);
      back.searchParams.set('code', this.api.apps.newCode(manifest, account!));
      if (form.has('state')) back.searchParams.set('state', form.get('state')!);
      return this.redirect(response, back.href);
    }
    const app = install ? this.api.apps.bySlug(decodeURIComponent(install[1]!)) : undefined;
    if (install && !app) return this.answer(response, 404, 'Not Found');
    if (app && method === 'GET')
      return this.answer(response, 200, page(`Install ${app.slug}`, url.pathname, { repository: this.api.options.repo }, 'Install'));
    if (app && method === 'POST') {
      app.installed = true;
      const made = this.api.apps.made.find((candidate) => candidate.id === app.id);
      if (!made?.manifest.setup_url) return this.answer(response, 200, 'Installed');
      const setup = new URL(made.manifest.setup_url);
      setup.searchParams.set('installation_id', String(app.installationId));
      setup.searchParams.set('setup_action', 'install');
      return this.redirect(response, setup.href);
    }
    this.api.violations.push(`${method} ${url.pathname}: github.com has no such page in the manifest flow`);
    return this.answer(response, 404, 'Not Found');
  }

  private answer(response: ServerResponse, status: number, html: string): void {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  }

  private redirect(response: ServerResponse, location: string): void {
    response.writeHead(302, { location });
    response.end();
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
