/**
 * The deploy as GitHub runs it: every workflow passes an outside validator, the jobs on GitHub's
 * own runner need nothing but what that runner has, nothing is published before the checks its
 * push needs, and scripts/changed-code.sh tells a content-only push from one that changes code.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../../helpers/content.js';
import { PREVIEW_BRANCH } from '../../../worker/editor/preview-address.js';

interface Step {
  name?: string;
  run?: string;
  uses?: string;
}
interface Job {
  'runs-on': string;
  container?: { image: string; options?: string };
  needs?: string | string[];
  if?: string;
  steps: Step[];
}

const WORKFLOWS = path.join(ROOT, '.github/workflows');
const workflowFiles = (await readdir(WORKFLOWS)).filter((name) => /\.ya?ml$/.test(name));
const deploy = parse(await readFile(path.join(WORKFLOWS, 'deploy.yml'), 'utf8')) as { jobs: Record<string, Job> };
const needsOf = (job: Job) => [job.needs ?? []].flat();
/** Jobs that publish: they run wrangler or GitHub's Pages actions. */
const publishing = Object.entries(deploy.jobs).filter(([, job]) =>
  job.steps.some((step) => /wrangler (deploy|versions upload)/.test(step.run ?? '') || /upload-pages-artifact/.test(step.uses ?? '')),
);

describe('the workflows', () => {
  it.each(workflowFiles)('%s passes action-validator', async (name) => {
    const { errors } = validateWorkflow(await readFile(path.join(WORKFLOWS, name), 'utf8'));
    expect(errors, JSON.stringify(errors, null, 2)).toEqual([]);
  });

  it('use Node 24 wherever they set Node up', () => {
    const setups = Object.values(deploy.jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/setup-node')));
    expect(setups.length).toBeGreaterThan(0);
    for (const step of setups as Array<Step & { with?: { 'node-version'?: unknown } }>) expect(step.with?.['node-version']).toBe(24);
    expect(deploy.jobs.tests!.container?.image).toBe('node:24-bookworm');
  });

  it('install nothing on GitHub’s runner itself: packages only in the Debian container', () => {
    for (const [name, job] of Object.entries(deploy.jobs)) {
      if (job.container) continue;
      for (const step of job.steps)
        expect(step.run ?? '', `${name}: ${step.name}`).not.toMatch(/\b(sudo|apt-get|apt)\b|npm test\b|playwright install/);
    }
  });

  it('say, when Cloudflare refuses the Worker, which permission the token may lack and that the live site stays', () => {
    const script = deploy.jobs.cloudflare!.steps.map((step) => step.run ?? '').join('\n');
    expect(script).toMatch(/npx wrangler deploy -c worker\/wrangler\.jsonc .*\|\| \{ echo "\$refused"; exit 1; \}/);
    expect(script).toContain('permission Account, D1, Edit');
    expect(script).toContain('The site that was live is still live.');
  });

  it('run the content checks on the runner (a site whose texts are still the sample’s published closed) and the whole npm test in Debian as root', () => {
    const runs = (job: string) => deploy.jobs[job]!.steps.map((step) => step.run ?? '').join('\n');
    expect(runs('site')).toMatch(
      /site\.js check --strict --closed-while-sample[\s\S]*npm run test:content[\s\S]*site\.js build --strict --closed-while-sample/,
    );
    expect(runs('tests')).toMatch(/^npm test$/m);
  });

  it('publish on Cloudflare with the site’s own Worker, whose form posts to it, and make its tables after each deploy of main', () => {
    const script = deploy.jobs.cloudflare!.steps.map((step) => step.run ?? '').join('\n');
    const wrangler = script
      .split('\n')
      .filter((line) => /npx wrangler /.test(line))
      .map((line) => line.trim().replace(/ \|\| \{ echo "\$refused"; exit 1; \}$/, ''));
    expect(wrangler).toEqual([
      'npx wrangler deploy -c worker/wrangler.jsonc --keep-vars --var "GITHUB_REPOSITORY:$REPOSITORY" --var GITHUB_BRANCH:main --var "GITHUB_OWNER_TYPE:${OWNER_TYPE:-User}" --var "SITE_COMMIT:$COMMIT" ${preview:+--var "PREVIEW_ADDRESS:$preview"}',
      'npx wrangler d1 migrations apply DB --remote -c worker/wrangler.jsonc',
      'npx wrangler versions upload -c worker/wrangler.jsonc --preview-alias "$alias" --var "SITE_COMMIT:$COMMIT"',
      'printf \'%s\' "$secrets" | npx wrangler secret bulk -c worker/wrangler.jsonc || {',
    ]);
  });

  it('publish nothing before the build passed, nor a change to code before npm test passed on the same push', () => {
    expect(publishing.map(([name]) => name).sort()).toEqual(['cloudflare', 'github-pages-upload']);
    for (const [name, job] of publishing) {
      expect(needsOf(job), name).toEqual(expect.arrayContaining(['changes', 'site', 'tests']));
      expect(job.if, name).toContain("needs.site.result == 'success'");
      // A skipped npm test lets a publish through only for a push that changed content alone.
      expect(job.if!.replace(/\s+/g, ' '), name).toContain(
        "(needs.tests.result == 'success' || (needs.tests.result == 'skipped' && needs.changes.outputs.code == 'false'))",
      );
    }
    expect(deploy.jobs.tests!.if).toBe("needs.changes.outputs.code == 'true'");
  });
});

/**
 * The part of GitHub's expression language the publish conditions use: property paths, 'strings',
 * ==, !=, !, &&, || (which, as in GitHub, give the deciding value), parentheses and cancelled().
 */
function evaluate(expression: string, context: Record<string, string>): string | boolean {
  const tokens = expression.match(/'[^']*'|[A-Za-z_][\w.-]*\(\)|[A-Za-z_][\w.-]*|==|!=|&&|\|\||[!()]/g) ?? [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++]!;
  const primary = (): string | boolean => {
    const token = next();
    if (token === '(') {
      const value = or();
      if (next() !== ')') throw new Error(`unclosed ( in ${expression}`);
      return value;
    }
    if (token === '!') return !primary();
    if (token === 'cancelled()') return false;
    if (token.startsWith("'")) return token.slice(1, -1);
    if (!(token in context)) throw new Error(`the scenario does not say what ${token} is`);
    return context[token]!;
  };
  const comparison = (): string | boolean => {
    const left = primary();
    const operator = peek();
    if (operator !== '==' && operator !== '!=') return left;
    next();
    const equal = String(left) === String(primary());
    return operator === '==' ? equal : !equal;
  };
  const and = (): string | boolean => {
    let value = comparison();
    while (peek() === '&&') {
      next();
      const right = comparison();
      value = value ? right : value;
    }
    return value;
  };
  const or = (): string | boolean => {
    let value = and();
    while (peek() === '||') {
      next();
      const right = and();
      value = value ? value : right;
    }
    return value;
  };
  const value = or();
  if (at !== tokens.length) throw new Error(`could not read ${expression}`);
  return value;
}

describe('what the Cloudflare publish gives the Worker (its steps run with a stand-in for npx)', () => {
  const steps = deploy.jobs.cloudflare!.steps as Array<Step & { if?: string; env?: Record<string, string> }>;
  const publish = steps.find((step) => step.run?.includes('wrangler deploy'))!;
  const secrets = steps.find((step) => step.run?.includes('wrangler secret bulk'))!;
  const temp: string[] = [];
  /**
   * Cloudflare's API as the deploy's token reaches it: the account's workers.dev subdomain, for a
   * request with the token and account the step was given; `subdomain` undefined answers as
   * Cloudflare does to a token without that permission.
   */
  const cloudflare = { address: '', subdomain: 'acme-movers' as string | undefined, asked: [] as string[] };
  const api = createServer((request, response) => {
    cloudflare.asked.push(`${request.method} ${request.url} ${request.headers.authorization}`);
    const known = request.url === '/client/v4/accounts/account/workers/subdomain' && request.headers.authorization === 'Bearer token';
    const ok = known && cloudflare.subdomain !== undefined;
    response.writeHead(ok ? 200 : 403, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        ok
          ? { success: true, errors: [], messages: [], result: { subdomain: cloudflare.subdomain } }
          : { success: false, errors: [{ code: 10000, message: 'Authentication error' }], messages: [], result: null },
      ),
    );
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    cloudflare.address = `http://127.0.0.1:${(api.address() as AddressInfo).port}/client/v4`;
  });
  afterAll(async () => {
    api.close();
    for (const dir of temp) await rm(dir, { recursive: true, force: true });
  });

  /** Runs a step's script as GitHub does (bash -eo pipefail); answers wrangler's calls, what each read on stdin, and the log. */
  async function run(step: Step, env: Record<string, string>): Promise<{ status: number; calls: string[]; stdin: string; log: string }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-deploy-step-'));
    temp.push(dir);
    await writeFile(
      path.join(dir, 'npx'),
      `#!/bin/sh\nprintf '%s\\n' "$*" >> "${dir}/calls"\nif [ "$2 $3" = "secret bulk" ]; then cat > "${dir}/stdin"; fi\n`,
      { mode: 0o755 },
    );
    // Not spawnSync: the step may call the Cloudflare API stand-in this process serves.
    const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run!], {
        cwd: ROOT,
        env: {
          PATH: `${dir}${path.delimiter}${process.env.PATH ?? ''}`,
          CLOUDFLARE_API_TOKEN: 'token',
          CLOUDFLARE_ACCOUNT_ID: 'account',
          CLOUDFLARE_API_BASE_URL: cloudflare.address,
          ...env,
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.on('close', (status) => resolve({ status, stdout, stderr }));
    });
    const read = (file: string) => readFile(path.join(dir, file), 'utf8').catch(() => '');
    return {
      status: result.status ?? -1,
      calls: (await read('calls')).split('\n').filter(Boolean),
      stdin: await read('stdin'),
      log: `${result.stdout}${result.stderr}`,
    };
  }

  it('tells the Worker its repository, its branch and who owns the repository on each deploy of main, keeping the dashboard’s variables', async () => {
    expect(publish.env).toMatchObject({ REPOSITORY: '${{ github.repository }}', OWNER_TYPE: '${{ github.event.repository.owner.type }}' });
    const organisation = await run(publish, { BRANCH: 'main', REPOSITORY: 'kerala-movers/site', OWNER_TYPE: 'Organization' });
    expect(organisation.status).toBe(0);
    expect(organisation.calls[0]).toMatch(
      /^wrangler deploy -c worker\/wrangler\.jsonc --keep-vars --var GITHUB_REPOSITORY:kerala-movers\/site --var GITHUB_BRANCH:main --var GITHUB_OWNER_TYPE:Organization /,
    );
    const person = await run(publish, { BRANCH: 'main', REPOSITORY: 'anil/site', OWNER_TYPE: '' });
    expect(person.calls[0]).toContain('--var GITHUB_REPOSITORY:anil/site --var GITHUB_BRANCH:main --var GITHUB_OWNER_TYPE:User');
  });

  it('tells the Worker the commit it runs, and on main where the editor’s preview branch is published, from the account’s workers.dev subdomain', async () => {
    expect(publish.env).toMatchObject({ COMMIT: '${{ github.sha }}' });
    const worker = /"name"\s*:\s*"([a-z0-9-]+)"/.exec(await readFile(path.join(ROOT, 'worker/wrangler.jsonc'), 'utf8'))![1];
    const main = await run(publish, { BRANCH: 'main', REPOSITORY: 'anil/site', OWNER_TYPE: 'User', COMMIT: 'c0ffee' });
    expect(main.status).toBe(0);
    // Cloudflare names a preview <alias>-<worker>.<subdomain>.workers.dev; the alias is the branch the editor writes to.
    expect(main.calls[0]).toContain(
      `--var SITE_COMMIT:c0ffee --var PREVIEW_ADDRESS:https://${PREVIEW_BRANCH}-${worker}.acme-movers.workers.dev`,
    );
    expect(cloudflare.asked.at(-1)).toBe('GET /client/v4/accounts/account/workers/subdomain Bearer token');

    const preview = await run(publish, { BRANCH: PREVIEW_BRANCH, COMMIT: 'beef01' });
    expect(preview.calls).toEqual([
      `wrangler versions upload -c worker/wrangler.jsonc --preview-alias ${PREVIEW_BRANCH} --var SITE_COMMIT:beef01`,
    ]);
  });

  it('publishes main all the same when Cloudflare does not say the account’s subdomain, without a preview address, and says so in the log', async () => {
    cloudflare.subdomain = undefined;
    try {
      const main = await run(publish, { BRANCH: 'main', REPOSITORY: 'anil/site', OWNER_TYPE: 'User', COMMIT: 'c0ffee' });
      expect(main.status).toBe(0);
      expect(main.calls[0]).toMatch(/--var SITE_COMMIT:c0ffee$/);
      expect(main.log).toContain("::warning::The editor's preview address is not set");
      expect(main.log).not.toContain('token');
    } finally {
      cloudflare.subdomain = 'acme-movers';
    }
  });

  it('copies SETUP_CODE and the GitHub App’s id and key from the repository’s secrets into the Worker’s, on wrangler’s stdin, never into the log', async () => {
    expect(secrets.if).toBe("github.ref == 'refs/heads/main'");
    expect(secrets.env).toMatchObject({
      SETUP_CODE: '${{ secrets.SETUP_CODE }}',
      SITE_GITHUB_APP_ID: '${{ secrets.SITE_GITHUB_APP_ID }}',
      SITE_GITHUB_APP_PRIVATE_KEY: '${{ secrets.SITE_GITHUB_APP_PRIVATE_KEY }}',
    });
    const key = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\n';
    const all = await run(secrets, { SETUP_CODE: 'TEAK-RIVER-4821', SITE_GITHUB_APP_ID: '31337', SITE_GITHUB_APP_PRIVATE_KEY: key });
    expect(all.status).toBe(0);
    expect(all.calls).toEqual(['wrangler secret bulk -c worker/wrangler.jsonc']);
    expect(JSON.parse(all.stdin)).toEqual({ SETUP_CODE: 'TEAK-RIVER-4821', GITHUB_APP_ID: '31337', GITHUB_APP_PRIVATE_KEY: key });
    for (const value of ['TEAK-RIVER-4821', '31337', 'MIIEowIBAAKCAQEA']) expect(all.log).not.toContain(value);

    const setupOnly = await run(secrets, { SETUP_CODE: 'TEAK-RIVER-4821', SITE_GITHUB_APP_ID: '', SITE_GITHUB_APP_PRIVATE_KEY: '' });
    expect(JSON.parse(setupOnly.stdin)).toEqual({ SETUP_CODE: 'TEAK-RIVER-4821' });
    const none = await run(secrets, { SETUP_CODE: '', SITE_GITHUB_APP_ID: '', SITE_GITHUB_APP_PRIVATE_KEY: '' });
    expect([none.status, none.calls]).toEqual([0, []]);
  });
});

describe('who publishes, push by push (the jobs’ if: conditions, evaluated)', () => {
  const cases = [
    ['a content-only push to main, checks passed', true, { code: 'false', site: 'success', tests: 'skipped' }],
    ['a push that changes code, npm test passed', true, { code: 'true', site: 'success', tests: 'success' }],
    ['a push with a broken template: npm test failed', false, { code: 'true', site: 'success', tests: 'failure' }],
    ['a push with a broken template whose content checks also failed', false, { code: 'true', site: 'failure', tests: 'failure' }],
    ['a content-only push whose content checks failed', false, { code: 'false', site: 'failure', tests: 'skipped' }],
    ['a push whose changes could not be told apart', false, { code: '', site: 'success', tests: 'skipped' }],
    ['a push that changes code, npm test cancelled', false, { code: 'true', site: 'success', tests: 'cancelled' }],
  ] as const;
  const context = (host: string, ref: string, { code, site, tests }: { code: string; site: string; tests: string }) => ({
    'vars.SITE_HOST': host,
    'github.ref': ref,
    'needs.changes.outputs.code': code,
    'needs.site.result': site,
    'needs.tests.result': tests,
  });

  it.each(cases)('%s: published on Cloudflare: %s', (_what, published, results) => {
    expect(Boolean(evaluate(deploy.jobs.cloudflare!.if!, context('cloudflare', 'refs/heads/main', results)))).toBe(published);
    // GitHub Pages is not chosen: it stays out whatever happened.
    expect(Boolean(evaluate(deploy.jobs['github-pages-upload']!.if!, context('cloudflare', 'refs/heads/main', results)))).toBe(false);
  });

  it.each(cases)('%s: published on GitHub Pages: %s', (_what, published, results) => {
    for (const host of ['', 'github-pages']) {
      expect(Boolean(evaluate(deploy.jobs['github-pages-upload']!.if!, context(host, 'refs/heads/main', results)))).toBe(published);
      expect(Boolean(evaluate(deploy.jobs.cloudflare!.if!, context(host, 'refs/heads/main', results)))).toBe(false);
    }
  });

  it('publishes a branch push on Cloudflare (at its preview address), never on GitHub Pages', () => {
    const passed = { code: 'true', site: 'success', tests: 'success' };
    expect(Boolean(evaluate(deploy.jobs.cloudflare!.if!, context('cloudflare', 'refs/heads/new-prices', passed)))).toBe(true);
    expect(Boolean(evaluate(deploy.jobs['github-pages-upload']!.if!, context('', 'refs/heads/new-prices', passed)))).toBe(false);
  });

  it('runs npm test exactly when the push changes code', () => {
    expect(evaluate(deploy.jobs.tests!.if!, { 'needs.changes.outputs.code': 'true' })).toBe(true);
    expect(evaluate(deploy.jobs.tests!.if!, { 'needs.changes.outputs.code': 'false' })).toBe(false);
  });
});

describe('npm run test:content', () => {
  it('runs every test that reads content/, and needs no browser', async () => {
    const script = (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'test:content'
    ]!;
    const tests = (await readdir(path.join(ROOT, 'tests/unit'), { recursive: true })).filter((file) => file.endsWith('.test.ts'));
    const readers: string[] = [];
    for (const file of tests)
      if ((await readFile(path.join(ROOT, 'tests/unit', file), 'utf8')).includes('LIVE_CONTENT'))
        readers.push(`tests/unit/${file.split(path.sep).join('/')}`);
    expect(readers.length).toBeGreaterThan(0);
    for (const file of readers) expect(script.split(/\s+/), `${file} reads content/`).toContain(file);
    expect(script).not.toMatch(/playwright|engines/);
  });

  it('fails when a test file it lists is missing, naming it, instead of passing without it', async () => {
    const script = (JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[
      'test:content'
    ]!;
    const [command, ...args] = script.split(/\s+/);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-test-content-'));
    try {
      // A copy of the listed files where every test passes but the first is gone.
      const [gone, ...present] = args.filter((arg) => arg.endsWith('.test.ts'));
      expect(gone).toBe('tests/unit/content/live-content.test.ts');
      for (const file of [...args.filter((arg) => arg.startsWith('scripts/')), ...present]) {
        await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
        await writeFile(
          path.join(dir, file),
          file.startsWith('scripts/') ? await readFile(path.join(ROOT, file)) : "import { it } from 'vitest';\nit('passes', () => {});\n",
        );
      }
      await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
      const env = { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}` };
      const run = spawnSync(command!, args, { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('tests/unit/content/live-content.test.ts');
      expect(run.stderr).toMatch(/is not there/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('scripts/changed-code.sh', () => {
  const temp: string[] = [];
  afterAll(async () => {
    for (const dir of temp) await rm(dir, { recursive: true, force: true });
  });

  /** git with an identity of its own, so nothing depends on the machine's. */
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args], {
      cwd,
      encoding: 'utf8',
    }).trim();
  const decide = (cwd: string, before: string) =>
    execFileSync('bash', [path.join(ROOT, 'scripts/changed-code.sh'), before], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();

  async function repo(): Promise<{ dir: string; commit: (file: string) => Promise<string> }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-changes-'));
    temp.push(dir);
    git(dir, 'init', '-q');
    const commit = async (file: string) => {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), `${Math.random()}\n`);
      git(dir, 'add', '-A');
      git(dir, 'commit', '-qm', `change ${file}`);
      return git(dir, 'rev-parse', 'HEAD');
    };
    return { dir, commit };
  }

  it('says code=false for a push that changes only content/', async () => {
    const { dir, commit } = await repo();
    const before = await commit('templates/Page.tsx');
    await commit('content/services.yaml');
    await commit('content/ml/services.yaml');
    expect(decide(dir, before)).toBe('code=false');
  });

  it('says code=true when any commit of the push changes a file outside content/', async () => {
    const { dir, commit } = await repo();
    const before = await commit('content/site.yaml');
    await commit('templates/Page.tsx');
    await commit('content/site.yaml');
    expect(decide(dir, before)).toBe('code=true');
  });

  /** A repository whose last commit changes content/ only, then a push that runs `change` with git. */
  async function pushThat(...change: string[]): Promise<{ dir: string; before: string }> {
    const { dir, commit } = await repo();
    await commit('scripts/test.sh');
    const before = await commit('content/site.yaml');
    git(dir, ...change);
    git(dir, 'commit', '-qm', change.join(' '));
    return { dir, before };
  }

  it('says code=true when a push moves a file of the code into content/ (a rename lists both names)', async () => {
    const { dir, before } = await pushThat('mv', 'scripts/test.sh', 'content/');
    expect(git(dir, 'diff', '--name-only', before, 'HEAD')).toBe('content/test.sh');
    expect(decide(dir, before)).toBe('code=true');
  });

  it('says code=true when a push deletes a file of the code', async () => {
    const { dir, before } = await pushThat('rm', '-q', 'scripts/test.sh');
    expect(decide(dir, before)).toBe('code=true');
  });

  /**
   * changed-code.sh asking GitHub, through a stand-in for gh, whether a commit was published: it
   * answers the publish jobs' check runs of the commits listed in `published`, and logs each call.
   */
  async function decideAsking(dir: string, before: string, published: string[]): Promise<{ said: string; asked: string[] }> {
    const bin = await mkdtemp(path.join(os.tmpdir(), 'site-gh-'));
    temp.push(bin);
    await writeFile(path.join(bin, 'published'), published.join('\n'));
    await writeFile(
      path.join(bin, 'gh'),
      `#!/bin/sh
printf '%s\\n' "$*" >> "${bin}/asked"
[ "$1 $3" = "api --jq" ] || exit 2
sha=$(printf '%s' "$2" | sed -n 's#^repos/kerala-movers/site/commits/\\([0-9a-f]*\\)/check-runs$#\\1#p')
[ -n "$sha" ] || exit 2
if grep -qx "$sha" "${bin}/published"; then echo 1; else echo 0; fi
`,
      { mode: 0o755 },
    );
    const said = execFileSync('bash', [path.join(ROOT, 'scripts/changed-code.sh'), before], {
      cwd: dir,
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
        GH_TOKEN: 'token',
        GITHUB_REPOSITORY: 'kerala-movers/site',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return { said, asked: (await readFile(path.join(bin, 'asked'), 'utf8').catch(() => '')).split('\n').filter(Boolean) };
  }

  it('compares a new or moved branch with the commit under it when GitHub says that one was published (the preview branch)', async () => {
    const { dir, commit } = await repo();
    const live = await commit('templates/Page.tsx');
    await commit('content/services.yaml');
    const unknown = '0000000000000000000000000000000000000000';
    const content = await decideAsking(dir, unknown, [live]);
    expect(content.said).toBe('code=false');
    expect(content.asked).toEqual([expect.stringMatching(new RegExp(`^api repos/kerala-movers/site/commits/${live}/check-runs --jq `))]);
    // The commit under it never published (its tests failed, or it never ran): the whole suite.
    expect((await decideAsking(dir, unknown, [])).said).toBe('code=true');
    // A published commit under one that changes code: the whole suite.
    const code = await commit('templates/Footer.tsx');
    expect((await decideAsking(dir, unknown, [git(dir, 'rev-parse', `${code}^`)])).said).toBe('code=true');
  });

  it('says code=true when the commit before the push is unknown: a new branch, a run by hand', async () => {
    const { dir, commit } = await repo();
    await commit('content/site.yaml');
    expect(decide(dir, '0000000000000000000000000000000000000000')).toBe('code=true');
    expect(decide(dir, '')).toBe('code=true');
    expect(decide(dir, '1234567890abcdef1234567890abcdef12345678')).toBe('code=true');
  });
});

describe('GitHub Pages: the site is published only where its links work', () => {
  const upload = deploy.jobs['github-pages-upload']!.steps as Array<Step & { env?: Record<string, string> }>;
  const check = upload.find((step) => step.name === 'Check GitHub Pages serves the site at the root of its address')!;
  const runCheck = (basePath: string) =>
    spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', check.run!], {
      env: {
        PATH: process.env.PATH ?? '',
        BASE_PATH: basePath,
        BASE_URL: `https://anil.github.io${basePath}`,
        GITHUB_REPOSITORY_OWNER: 'anil',
      },
      encoding: 'utf8',
    });

  it('stops before publishing a repository GitHub serves under /<repository>/, saying the ways out', () => {
    expect(check.env).toEqual({ BASE_PATH: '${{ steps.pages.outputs.base_path }}', BASE_URL: '${{ steps.pages.outputs.base_url }}' });
    const project = runCheck('/our-site/');
    expect(project.status).toBe(1);
    expect(project.stdout).toMatch(
      /^::error title=Not published: GitHub Pages would show the site at https:\/\/anil\.github\.io\/our-site\/::/,
    );
    expect(project.stdout).toContain('Custom domain, or rename the repository to anil.github.io, or publish on Cloudflare');
  });

  it('lets a site at the root of its address through: <owner>.github.io, or its own domain', () => {
    expect([runCheck('/').status, runCheck('').status]).toEqual([0, 0]);
  });
});
