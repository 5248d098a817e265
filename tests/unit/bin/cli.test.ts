import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../bin/cli.js';
import { captureIo, contentWithFixture, ROOT } from '../../helpers/content.js';

const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function project(fixture?: string): Promise<string> {
  const dir = await contentWithFixture(fixture);
  temporary.push(dir);
  return dir;
}

/** Every file under `dir` with a hash of its bytes, to prove a folder did not change. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const out: Record<string, string> = {};
  for (const entry of entries.filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return out;
}

describe('site --help and mistakes in the command line', () => {
  it('lists the commands', async () => {
    const io = captureIo(ROOT);
    expect(await main(['--help'], io)).toBe(0);
    expect(io.stdout()).toMatch(/build \[options\]/);
    expect(io.stdout()).toMatch(/check \[options\]/);
  });

  it('lists every build option', async () => {
    const io = captureIo(ROOT);
    expect(await main(['build', '--help'], io)).toBe(0);
    for (const flag of ['--content <dir>', '--out <dir>', '--site-url <url>', '--form-endpoint <url>']) expect(io.stdout()).toContain(flag);
  });

  it('suggests the command meant by a typo and exits 1', async () => {
    const io = captureIo(ROOT);
    expect(await main(['buidl'], io)).toBe(1);
    expect(io.stderr()).toContain("unknown command 'buidl'");
    expect(io.stderr()).toContain('Did you mean build?');
  });

  it('rejects an unknown flag with exit 1', async () => {
    const io = captureIo(ROOT);
    expect(await main(['check', '--contnet', 'content'], io)).toBe(1);
    expect(io.stderr()).toContain("unknown option '--contnet'");
    expect(io.stderr()).toContain('Did you mean --content?');
  });

  it('says so when the content folder does not exist', async () => {
    const io = captureIo(ROOT);
    expect(await main(['check', '--content', 'no-such-folder'], io)).toBe(1);
    expect(io.stderr()).toMatch(/The content folder \S*no-such-folder does not exist\./);
    expect(io.stderr()).not.toMatch(/\n\s+at /);
  });

  it('refuses a form endpoint that is not a web address', async () => {
    const dir = await project();
    const io = captureIo(dir);
    expect(await main(['build', '--form-endpoint', 'relay.local'], io)).toBe(1);
    expect(io.stderr()).toContain('--form-endpoint needs a full web address');
    await expect(stat(path.join(dir, 'dist'))).rejects.toThrow();
  });
});

describe('site check', () => {
  it('passes the content in content/ (what the deploy publishes)', async () => {
    const io = captureIo(ROOT);
    const code = await main(['check'], io);
    expect(code, io.stderr()).toBe(0);
    // content/ml/ may be deleted to publish in English only, so the count is the operator's.
    expect(io.stdout()).toMatch(/^Content is valid: \d+ files checked\./);
  });
});

describe('site build', () => {
  it('writes the four pages, the 404 page, sitemap and robots, and prints each file with its size', async () => {
    const dir = await project();
    const io = captureIo(dir);
    expect(await main(['build'], io)).toBe(0);
    const files = await snapshot(path.join(dir, 'dist'));
    for (const page of [
      'index.html',
      'about/index.html',
      'services/index.html',
      'contact/index.html',
      '404.html',
      'sitemap.xml',
      'robots.txt',
    ]) {
      expect(files).toHaveProperty([page]);
      expect(io.stdout()).toMatch(new RegExp(`^  ${page.replace('.', '\\.')}\\s+\\d+\\.\\d kB\\s+\\d+\\.\\d kB gzip$`, 'm'));
    }
    // Pictures go to visitors as they are: no gzip figure that no host would send.
    expect(io.stdout()).toMatch(/^  share\.png\s+\d+\.\d kB$/m);
    expect(io.stdout()).toMatch(/^Built \d+ files into \.\/dist in \d+ ms\.$/m);
  });

  it('leaves the last good site byte for byte when the content has a mistake', async () => {
    const dir = await project();
    expect(await main(['build'], captureIo(dir))).toBe(0);
    const before = await snapshot(path.join(dir, 'dist'));

    const io2 = captureIo(dir);
    const fixture = await project('price-as-text');
    expect(await main(['build', '--content', path.join(fixture, 'content')], io2)).toBe(1);
    expect(io2.stderr()).toContain('services[residential].pricing.starting');
    expect(io2.stderr()).toContain('Nothing was written: ./dist still holds the last good site.');
    expect(await snapshot(path.join(dir, 'dist'))).toEqual(before);
    expect((await readdir(dir)).sort()).toEqual(['content', 'dist']);
  });
});

describe('the installed command', () => {
  it('runs from bin/site.js with plain node and prints located problems without a stack', async () => {
    const dir = await project('price-as-text');
    const run = promisify(execFile);
    const failure = await run('node', [path.join(ROOT, 'bin/site.js'), 'check'], { cwd: dir }).catch((error: unknown) => error);
    const { code, stderr } = failure as { code: number; stderr: string };
    expect(code).toBe(1);
    expect(stderr).toContain('content/services.yaml:37:17  services[residential].pricing.starting');
    expect(stderr).toContain('  Expected a whole number of rupees, got the text "8,999".');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
