/**
 * form.turnstileSiteKey in site.yaml: on a Cloudflare build the quote form carries Turnstile's box
 * and script and the security policy allows Turnstile's script and frame; left out, or on GitHub
 * Pages (no Worker to check the token), neither appears. A key that cannot be one is refused, located.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, expect, it } from 'vitest';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { TURNSTILE_ORIGIN } from '../../../../generator/schema/site.js';
import { contentWithFixture, SAMPLE_CONTENT } from '../../../helpers/content.js';

const KEY = '1x00000000000000000000AA';
const RELAY = 'http://127.0.0.1:8787/ajax/owner@example.in';
const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function withKey(key: unknown): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const file = path.join(dir, 'content', 'site.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['form', 'turnstileSiteKey'], key);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  return path.join(dir, 'content');
}

const text = (result: BuildResult, file: string) => String(result.files.find((entry) => entry.path === file)!.contents);
const policyOf = (html: string) => /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';

it('puts Turnstile in the Cloudflare build’s quote form, and allows its script and frame, only when the key is set', async () => {
  const contentDir = await withKey(KEY);
  const withTurnstile = await build({ contentDir, formEndpoint: RELAY, host: 'cloudflare' });
  for (const page of ['contact/index.html', 'ml/contact/index.html']) {
    const html = text(withTurnstile, page);
    expect(html).toContain(`<div class="cf-turnstile" data-sitekey="${KEY}"></div>`);
    expect(html).toContain(`<script src="${TURNSTILE_ORIGIN}/turnstile/v0/api.js" async="" defer=""></script>`);
    expect(policyOf(html)).toMatch(new RegExp(`frame-src [^;]*${TURNSTILE_ORIGIN}`));
  }
  expect(text(withTurnstile, '_headers')).toMatch(new RegExp(`script-src [^;]*${TURNSTILE_ORIGIN}`));

  for (const result of [
    await build({ contentDir: SAMPLE_CONTENT, formEndpoint: RELAY, host: 'cloudflare' }),
    await build({ contentDir, formEndpoint: RELAY, host: 'github-pages' }),
  ]) {
    for (const file of ['contact/index.html', '_headers']) expect(text(result, file)).not.toContain(TURNSTILE_ORIGIN);
    expect(text(result, 'contact/index.html')).not.toContain('cf-turnstile');
  }
}, 240_000);

it('refuses a site key with a space in it, located', async () => {
  const { problems } = await checkContent(await withKey('0x4AAAA AAABkMYinukE8nzYS'));
  expect(problems.map((problem) => [problem.path, (problem.line ?? 0) > 0, Boolean(problem.hint)])).toEqual([
    ['form.turnstileSiteKey', true, true],
  ]);
}, 120_000);
