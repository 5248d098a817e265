import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../bin/cli.js';
import { build, type BuildResult } from '../../../generator/build.js';
import { ContentError } from '../../../generator/problems/problem.js';
import { captureIo, contentWithFixture } from '../../helpers/content.js';

/**
 * A second company's first deploy from a phone: its own name, phone and address in site.yaml
 * (fixture closed-while-sample), every other text still the sample company's. The deploy refuses
 * that story under the new name; with --closed-while-sample it publishes the site closed instead,
 * so the owner's editor on the phone comes with it and the texts can be written from there.
 */
let own: string;
let sample: string;
let closed: BuildResult;

beforeAll(async () => {
  own = await contentWithFixture('closed-while-sample');
  sample = await contentWithFixture();
  closed = await build({ contentDir: path.join(own, 'content'), strict: true, closedWhileSample: true, host: 'cloudflare' });
});

afterAll(async () => {
  await rm(own, { recursive: true, force: true });
  await rm(sample, { recursive: true, force: true });
});

const site = async (dir: string) =>
  parse(await readFile(path.join(dir, 'content/site.yaml'), 'utf8')) as Record<string, Record<string, string>>;
const pages = () => closed.files.filter((file) => file.path.endsWith('.html'));

describe('a site whose texts are still the sample company’s', () => {
  it('is refused by the strict build, as before', async () => {
    const refused = await build({ contentDir: path.join(own, 'content'), strict: true }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ContentError);
    expect(new Set((refused as ContentError).problems.map((problem) => problem.code))).toEqual(new Set(['sample-claim']));
  });

  it('is built closed with --closed-while-sample: every page shows the company’s name, its call and WhatsApp buttons, and none of the sample’s words', async () => {
    const { company, contact } = await site(own);
    const hero = (parse(await readFile(path.join(own, 'content/pages/home.yaml'), 'utf8')) as { hero: { title: string } }).hero.title;
    expect(closed.closed).toBeGreaterThan(0);
    expect(pages().map((page) => page.path)).toEqual(expect.arrayContaining(['index.html', 'services/index.html', 'ml/index.html']));
    for (const page of pages()) {
      const html = String(page.contents);
      expect(html, page.path).toContain(`<h1>${company!.name}</h1>`);
      expect(html, page.path).toContain(`href="tel:${contact!.phone!.replace(/[^+\d]/g, '')}"`);
      expect(html, page.path).toContain('href="https://wa.me/');
      expect(html, page.path).toContain('<meta name="robots" content="noindex"/>');
      expect(html, page.path).not.toContain(hero.slice(0, 20));
    }
    // Nothing lists the pages for search engines while they are closed; the owner's editor comes along.
    expect(closed.files.some((file) => file.path === 'sitemap.xml')).toBe(false);
    expect(String(closed.files.find((file) => file.path === 'robots.txt')?.contents)).not.toContain('Sitemap:');
  });

  it('is still refused when something else is left, such as the sample’s phone number', async () => {
    const refused = await build({ contentDir: path.join(sample, 'content'), strict: true, closedWhileSample: true }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems.some((problem) => problem.code === 'placeholder')).toBe(true);
  });

  it('passes the deploy’s check, which says the site is published closed and when it opens', async () => {
    const io = captureIo(own);
    expect(await main(['check', '--strict', '--closed-while-sample', '--content', 'content'], io)).toBe(0);
    expect(io.stdout()).toMatch(/The deploy publishes the site closed: \d+ texts are still the sample company's story/);
    expect(await main(['check', '--strict', '--content', 'content'], captureIo(own))).toBe(1);
  });
});
