import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture, FIXTURES, replacePlaceholders } from '../../../helpers/content.js';

/**
 * The sample content carries the shipped placeholders (fake name, phone, email, address, map,
 * relay and site address). `site check` and `site build` warn about each, located; `--strict`
 * (the deploy) refuses them. Set UPDATE_FIXTURES=1 to rewrite the expected output.
 */
const EXPECTED = path.join(FIXTURES, 'placeholders');

const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function project(): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  return dir;
}

async function expectOutput(name: string, actual: string): Promise<void> {
  const file = path.join(EXPECTED, name);
  if (process.env.UPDATE_FIXTURES) await writeFile(file, `${actual}\n`);
  expect(`${actual}\n`).toBe(await readFile(file, 'utf8'));
}

describe('placeholders', () => {
  it('site check warns about each one, located, and still exits 0', async () => {
    const dir = await project();
    const io = captureIo(dir);
    expect(await main(['check'], io)).toBe(0);
    await expectOutput('check.txt', io.stderr());
    expect(io.stdout()).toMatch(/^Content is valid: 23 files checked\. Replace the 19 sample values above before publishing/);
  });

  it('site check --strict counts them as problems and exits 1', async () => {
    const dir = await project();
    const io = captureIo(dir);
    expect(await main(['check', '--strict'], io)).toBe(1);
    await expectOutput('check-strict.txt', io.stderr());
    expect(io.stderr()).not.toContain('(warning)');
  });

  it('site build writes the site and warns; site build --strict writes nothing', async () => {
    const dir = await project();
    const strict = captureIo(dir);
    expect(await main(['build', '--strict'], strict)).toBe(1);
    expect(strict.stderr()).toContain('content/site.yaml:21:10  contact.phone\n');
    expect(strict.stderr()).toMatch(/Nothing was written: \.\/dist still holds the last good site\.$/);
    expect(await readdir(dir)).toEqual(['content']);

    const io = captureIo(dir);
    expect(await main(['build'], io)).toBe(0);
    expect(io.stderr()).toContain('content/site.yaml:21:10  contact.phone  (warning)\n');
    expect(io.stderr()).toContain('The deploy builds with --strict, which refuses them.');
    expect(io.stdout()).toMatch(/Built \d+ files into \.\/dist/);
  });

  it('are gone once the details are real, though the PLACEHOLDER comments are still there; a strict build then succeeds', async () => {
    const dir = await project();
    await replacePlaceholders(dir);
    expect(await readFile(path.join(dir, 'content/site.yaml'), 'utf8')).toContain('# PLACEHOLDER: replace with the real company name');
    const io = captureIo(dir);
    expect(await main(['build', '--strict'], io)).toBe(0);
    expect(io.stderr()).toBe('');
  });

  it('a value replaced by hand is no longer reported, though its PLACEHOLDER comment is still there', async () => {
    const dir = await project();
    const file = path.join(dir, 'content/site.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace('name: Example Movers & Packers', 'name: Periyar Packers'));
    const io = captureIo(dir);
    expect(await main(['check'], io)).toBe(0);
    expect(io.stderr()).not.toContain('company.name');
    // The name may show in the code frame of a text beside it, never quoted as a sample value.
    expect(io.stderr()).not.toContain('"Periyar Packers"');
    expect(io.stderr()).toContain('contact.phone');
  });

  it('an address stays a placeholder while its sample street is there, and another company in Edappally is not one', async () => {
    const dir = await project();
    const file = path.join(dir, 'content/site.yaml');
    const before = await readFile(file, 'utf8');
    const checkPaths = async () => {
      const io = captureIo(dir);
      expect(await main(['check'], io)).toBe(0);
      return [...io.stderr().matchAll(/^content\/site\.yaml:\d+:\d+ {2}(contact\.address\S*) {2}\(warning\)$/gm)].map((m) => m[1]);
    };
    expect(await checkPaths()).toEqual(['contact.address.street']);
    // A real office in Edappally shares every line but the street with the sample.
    await writeFile(file, before.replace('street: 12 Example Road', 'street: 33/1120 NH 66, near Lulu Mall'));
    expect(await checkPaths()).toEqual([]);
  });

  it('--site-url stands in for an example seo.siteUrl, so that one is not a placeholder there', async () => {
    const dir = await project();
    const io = captureIo(dir);
    expect(await main(['build', '--site-url', 'https://movers.example.net'], io)).toBe(0);
    expect(io.stderr()).not.toContain('seo.siteUrl');
    expect(io.stderr()).toContain('contact.phone');
    const check = captureIo(dir);
    expect(await main(['check', '--strict', '--site-url', 'https://movers.example.net'], check)).toBe(1);
    expect(check.stderr()).not.toContain('seo.siteUrl');
    expect(check.stderr()).toContain('contact.phone');
  });

  it('finds every sample value that carries no comment, but not an input placeholder such as you@example.com', async () => {
    const dir = await project();
    const file = path.join(dir, 'content/site.yaml');
    const before = captureIo(dir);
    await main(['check'], before);
    const withComments = before.stderr().match(/^content\/\S+ {2}\S+ {2}\(warning\)$/gm);
    const source = (await readFile(file, 'utf8'))
      .split('\n')
      .filter((line) => !/#.*PLACEHOLDER/.test(line))
      .join('\n');
    await writeFile(file, source);
    const io = captureIo(dir);
    expect(await main(['check'], io)).toBe(0);
    const paths = [...io.stderr().matchAll(/^content\/[\w/.-]+:\d+:\d+ {2}(\S+) {2}\(warning\)$/gm)].map((m) => m[1]);
    expect(paths).toHaveLength(withComments!.length);
    expect(paths).toContain('company.name');
    expect(paths).toContain('business.gstin');
    expect(io.stderr()).toContain('"+91 90000 00000" is the sample phone number');
    expect(io.stderr()).not.toContain('you@example.com');
  });
});
