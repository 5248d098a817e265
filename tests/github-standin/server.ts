/**
 * A stand-in for GitHub's API, for tests: a Node HTTP server over a real bare git repository that
 * answers the calls the Worker's GitHub client makes (worker/github/), as GitHub answers them.
 * Every request and answer is checked against GitHub's published descriptions (rest-contract.ts,
 * graphql-contract.ts); each mismatch is kept in `violations`, which a test asserts empty.
 * It can be told to refuse the way GitHub does: tokens expired, rate limits, the App uninstalled.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as shape from './answers.js';
import type { Answer } from './answers.js';
import { StandinApps, type StandinApp } from './apps.js';
import { BareRepository } from './git.js';
import { createBlob, createCommit, createRef, createTree, updateRef } from './git-data.js';
import { answerQuery, checkQuery, GitHubGraphQLRefusal } from './graphql-contract.js';
import { jwtRefusal } from './jwt.js';
import { checkRequest, checkResponse, type Operation } from './rest-contract.js';

export interface StandinOptions {
  appId: number;
  /** The App's public key (PEM): the JWT's signature is checked with it. */
  publicKey: string;
  owner: string;
  repo: string;
  installationId?: number;
}

export interface RateLimit {
  status: 403 | 429;
  /** primary: x-ratelimit-remaining 0 with x-ratelimit-reset; secondary: retry-after. */
  kind: 'primary' | 'secondary';
  /** When the limit lifts. */
  until: Date;
}

/** A call as the stand-in saw it, without its credential. */
export interface SeenCall {
  method: string;
  path: string;
  credential: 'jwt' | 'token' | 'none';
  status: number;
}

interface Issued {
  expiresAt: Date;
  expired: boolean;
  /** The App whose installation it was given for. */
  app: StandinApp;
}

const TOKEN_LIFETIME = 60 * 60 * 1000;
const DOCS = 'https://docs.github.com/rest';

export class GitHubStandin {
  readonly violations: string[] = [];
  readonly calls: SeenCall[] = [];
  /** Installation tokens given out, in order (a test counts refreshes with it). */
  tokensIssued = 0;
  /** The test's App and those made through the manifest flow (web.ts, apps.ts). */
  readonly apps: StandinApps;
  /** How long an installation token lives; GitHub's is an hour. */
  tokenLifetime = TOKEN_LIFETIME;
  /** Every installation token, even a new one, answers 401 (a suspended installation does). */
  refuseAllTokens = false;
  /** What the installation was granted; a token asking for more is refused (422), as GitHub does. */
  granted: Record<string, string> = { contents: 'write', metadata: 'read' };
  rateLimit: RateLimit | undefined;
  private readonly tokens = new Map<string, Issued>();
  private server = createServer((request, response) => {
    // A fault of the stand-in itself still answers, so the Worker never waits on it, and is a violation.
    this.handle(request, response).catch((error: Error) => {
      this.violations.push(`the stand-in failed on ${request.method} ${request.url}: ${error.stack ?? error}`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'stand-in failure' }));
    });
  });

  private constructor(
    readonly options: StandinOptions,
    readonly git: BareRepository,
  ) {
    this.apps = new StandinApps({
      id: options.appId,
      slug: 'kerala-movers-site',
      publicKey: options.publicKey,
      installationId: options.installationId ?? 4242,
      installed: true,
    });
  }

  /** Whether the test's own App is installed on the repository. */
  get installed(): boolean {
    return this.apps.first.installed;
  }

  set installed(installed: boolean) {
    this.apps.first.installed = installed;
  }

  private get installationId(): number {
    return this.apps.first.installationId;
  }

  static async start(options: StandinOptions): Promise<GitHubStandin> {
    const standin = new GitHubStandin(options, await BareRepository.create());
    await new Promise<void>((resolve) => standin.server.listen(0, '127.0.0.1', resolve));
    return standin;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
    await this.git.remove();
  }

  /** A commit made outside the Worker (someone publishing from elsewhere); answers its sha. */
  async push(files: Record<string, string>, message: string, deletions: string[] = [], branch = 'main'): Promise<string> {
    const parent = await this.git.ref(branch);
    const sha = await this.git.commitFiles(
      branch,
      parent,
      message,
      new Map(Object.entries(files).map(([file, text]) => [file, Buffer.from(text)])),
      deletions,
    );
    if (!sha) throw new Error('the branch moved while the stand-in pushed');
    return sha;
  }

  /** Every installation token given out so far now answers 401, as a revoked or run-out token does. */
  expireTokens(): void {
    for (const issued of this.tokens.values()) issued.expired = true;
  }

  private place(): shape.Place {
    return { api: this.url, owner: this.options.owner, repo: this.options.repo };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', this.url);
    const method = request.method ?? 'GET';
    const raw = await readBody(request);
    let body: unknown;
    if (raw.length) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        this.violations.push(`${method} ${url.pathname}: the body is not JSON`);
      }
    }
    for (const [header, expected] of [
      ['accept', 'application/vnd.github+json'],
      ['x-github-api-version', '2022-11-28'],
    ]) {
      if (request.headers[header!] !== expected)
        this.violations.push(`${method} ${url.pathname}: ${header} is ${request.headers[header!]}, GitHub documents ${expected}`);
    }
    // GitHub refuses a request without a User-Agent.
    if (!request.headers['user-agent']) this.violations.push(`${method} ${url.pathname}: no User-Agent`);
    const credential = /^(?:Bearer|token) (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const kind: SeenCall['credential'] = !credential ? 'none' : credential.split('.').length === 3 ? 'jwt' : 'token';
    const answer =
      url.pathname === '/graphql' && method === 'POST'
        ? await this.graphql(body, credential)
        : await this.rest(method, url, body, credential);
    this.calls.push({ method, path: url.pathname, credential: kind, status: answer.status });
    const remaining = answer.status === 403 || answer.status === 429 ? '0' : '4999';
    response.writeHead(answer.status, {
      'content-type': 'application/json; charset=utf-8',
      'x-github-api-version-selected': '2022-11-28',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': this.rateLimit?.kind === 'primary' ? remaining : '4999',
      'x-ratelimit-reset': String(Math.floor((this.rateLimit?.until.getTime() ?? Date.now() + TOKEN_LIFETIME) / 1000)),
      'x-ratelimit-resource': url.pathname === '/graphql' ? 'graphql' : 'core',
      ...answer.headers,
    });
    response.end(JSON.stringify(answer.body));
  }

  private limited(): Answer | undefined {
    const limit = this.rateLimit;
    if (!limit) return undefined;
    if (limit.until.getTime() <= Date.now()) {
      this.rateLimit = undefined;
      return undefined;
    }
    if (limit.kind === 'primary')
      return {
        status: limit.status,
        body: shape.basicError(
          `API rate limit exceeded for installation ID ${this.installationId}.`,
          limit.status,
          `${DOCS}/overview/rate-limits-for-the-rest-api`,
        ),
      };
    const seconds = Math.max(1, Math.ceil((limit.until.getTime() - Date.now()) / 1000));
    return {
      status: limit.status,
      headers: { 'retry-after': String(seconds) },
      body: shape.basicError(
        'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
        limit.status,
        `${DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits`,
      ),
    };
  }

  private async rest(method: string, url: URL, body: unknown, credential: string | undefined): Promise<Answer> {
    const checked = checkRequest(method, url, body);
    this.violations.push(...checked.violations);
    if (!checked.operation) return { status: 404, body: shape.basicError('Not Found', 404) };
    const answer = this.limited() ?? (await this.operate(checked.operation, url, body, credential, checked.bodyFits));
    this.violations.push(...checkResponse(checked.operation, answer.status, answer.body));
    return answer;
  }

  private async operate(operation: Operation, url: URL, body: any, credential: string | undefined, bodyFits: boolean): Promise<Answer> {
    const segments = url.pathname.split('/').map(decodeURIComponent);
    switch (operation.operationId) {
      case 'apps/create-from-manifest': {
        // GitHub takes the code itself as the credential: no JWT, no token.
        const app = this.apps.convert(segments[2]!);
        return app ? { status: 201, body: shape.appFromManifest(this.place(), app) } : notFound();
      }
      case 'apps/get-repo-installation': {
        const app = this.apps.forJwt(credential ?? '');
        const refused = this.appRefusal(credential, app);
        if (refused) return refused;
        if (!app.installed || segments[2] !== this.options.owner || segments[3] !== this.options.repo) return notFound();
        return { status: 200, body: shape.installation(this.place(), app.installationId, app.id, app.slug) };
      }
      case 'apps/create-installation-access-token': {
        const app = this.apps.forJwt(credential ?? '');
        const refused = this.appRefusal(credential, app);
        if (refused) return refused;
        if (!app.installed || Number(segments[3]) !== app.installationId) return notFound();
        const names: string[] = body?.repositories ?? [];
        if (names.some((name) => name !== this.options.repo))
          return {
            status: 422,
            body: shape.basicError(
              'There is at least one repository that does not exist or is not accessible to the parent installation.',
              422,
            ),
          };
        const granted = this.granted;
        const asked: Record<string, string> = body?.permissions ?? granted;
        for (const [name, level] of Object.entries(asked)) {
          if (!granted[name] || (level === 'write' && granted[name] !== 'write'))
            return { status: 422, body: shape.basicError('The permissions requested are not granted to this installation.', 422) };
        }
        const token = `ghs_${randomBytes(18).toString('base64url')}`;
        const expiresAt = new Date(Date.now() + this.tokenLifetime);
        this.tokens.set(token, { expiresAt, expired: false, app });
        this.tokensIssued += 1;
        return {
          status: 201,
          body: shape.installationToken(token, expiresAt, body?.permissions ? { ...asked, metadata: 'read' } : granted),
        };
      }
    }
    const refused =
      this.tokenRefusal(credential) ?? (segments[2] === this.options.owner && segments[3] === this.options.repo ? undefined : notFound());
    if (refused) return refused;
    if (!bodyFits) return { status: 422, body: shape.basicError('Invalid request.', 422) };
    switch (operation.operationId) {
      case 'git/get-ref': {
        const ref = segments.slice(6).join('/');
        const sha = ref.startsWith('heads/') ? await this.git.ref(ref.slice('heads/'.length)) : undefined;
        return sha ? { status: 200, body: shape.gitRef(this.place(), `refs/${ref}`, sha) } : notFound();
      }
      case 'git/create-blob':
        return createBlob(this.git, this.place(), body);
      case 'git/create-tree':
        return createTree(this.git, this.place(), body);
      case 'git/create-commit':
        return createCommit(this.git, this.place(), body);
      case 'git/create-ref':
        return createRef(this.git, this.place(), body);
      case 'git/update-ref':
        return updateRef(this.git, this.place(), segments.slice(6).join('/'), body);
      case 'git/get-tree': {
        const sha = segments.slice(6).join('/');
        const tree = (await this.git.exists(sha, 'commit')) ? (await this.git.readCommit(sha)).tree : sha;
        if (!(await this.git.exists(tree, 'tree'))) return notFound();
        const entries = await this.git.listTree(tree);
        const recursive = url.searchParams.has('recursive');
        return {
          status: 200,
          body: shape.gitTree(this.place(), tree, recursive ? entries : entries.filter((entry) => !entry.path.includes('/'))),
        };
      }
      case 'git/get-blob': {
        const sha = segments[6]!;
        if (!(await this.git.exists(sha, 'blob'))) return notFound();
        return { status: 200, body: shape.blob(this.place(), sha, await this.git.readBlob(sha)) };
      }
      case 'repos/list-commits': {
        const from = url.searchParams.get('sha') ?? 'main';
        const start = (await this.git.ref(from)) ?? ((await this.git.exists(from, 'commit')) ? from : undefined);
        if (!start) return notFound();
        const shas = await this.git.history(
          start,
          url.searchParams.get('path') ?? undefined,
          Number(url.searchParams.get('per_page') ?? 30),
        );
        return {
          status: 200,
          body: await Promise.all(shas.map(async (sha) => shape.commit(this.place(), await this.git.readCommit(sha)))),
        };
      }
    }
    this.violations.push(`${operation.operationId}: the stand-in does not answer this operation`);
    return { status: 501, body: shape.basicError('Not implemented by the stand-in', 501) };
  }

  private async graphql(body: unknown, credential: string | undefined): Promise<Answer> {
    const checked = checkQuery(body);
    this.violations.push(...checked.violations);
    if (!checked.document || checked.violations.length)
      return { status: 200, body: { errors: checked.violations.map((message) => ({ message })) } };
    const refused = this.limited() ?? this.tokenRefusal(credential);
    if (refused) return refused;
    const answer = await answerQuery(checked, {
      createCommitOnBranch: (args: { input: CommitInput }) => this.createCommitOnBranch(args.input),
    });
    this.violations.push(...answer.violations);
    return { status: 200, body: answer.body };
  }

  private async createCommitOnBranch(input: CommitInput) {
    const { branch, expectedHeadOid, fileChanges, message } = input;
    if (branch.repositoryNameWithOwner !== `${this.options.owner}/${this.options.repo}`)
      throw new GitHubGraphQLRefusal(`Could not resolve to a Repository with the name '${branch.repositoryNameWithOwner}'.`, 'NOT_FOUND');
    const name = branch.branchName ?? '';
    const head = await this.git.ref(name);
    if (!head) throw new GitHubGraphQLRefusal(`A ref named "${name}" does not exist.`, 'NOT_FOUND');
    const stale = () =>
      new GitHubGraphQLRefusal(`Expected branch to point to "${expectedHeadOid}" but it did not. Pull and try again.`, 'STALE_DATA');
    if (head !== expectedHeadOid) throw stale();
    const additions = new Map((fileChanges?.additions ?? []).map((file) => [file.path, Buffer.from(file.contents, 'base64')]));
    const text = message.body ? `${message.headline}\n\n${message.body}` : message.headline;
    const sha = await this.git.commitFiles(
      name,
      head,
      text,
      additions,
      (fileChanges?.deletions ?? []).map((file) => file.path),
    );
    if (!sha) throw stale();
    return { commit: { oid: sha, url: `https://github.com/${this.options.owner}/${this.options.repo}/commit/${sha}` } };
  }

  /** GitHub's answer to an App call whose JWT it would not take. */
  private appRefusal(credential: string | undefined, app: StandinApp): Answer | undefined {
    if (!credential) return { status: 401, body: shape.basicError('Requires authentication', 401) };
    const why = jwtRefusal(credential, app.id, app.publicKey);
    return why ? { status: 401, body: shape.basicError(why, 401) } : undefined;
  }

  private tokenRefusal(credential: string | undefined): Answer | undefined {
    const issued = credential ? this.tokens.get(credential) : undefined;
    if (!issued || issued.expired || this.refuseAllTokens || issued.expiresAt.getTime() <= Date.now() || !issued.app.installed)
      return { status: 401, body: shape.basicError('Bad credentials', 401) };
    return undefined;
  }
}

interface CommitInput {
  branch: { repositoryNameWithOwner?: string; branchName?: string };
  expectedHeadOid: string;
  message: { headline: string; body?: string };
  fileChanges?: { additions?: Array<{ path: string; contents: string }>; deletions?: Array<{ path: string }> };
}

const notFound = (): Answer => ({ status: 404, body: shape.basicError('Not Found', 404) });

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}
