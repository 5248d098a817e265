import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as runCli } from '../../bin/cli.js';
import { build, checkContent, type BuildResult } from '../../generator/build.js';
import { formatProblems } from '../../generator/format.js';
import { brokenRules, rupeesText } from '../helpers/content-rules.js';
import { captureIo, LIVE_CONTENT } from '../helpers/content.js';
import { parseDocument } from 'yaml';
import { headings, main as mainOf, parseHtml, textOf } from '../helpers/dom.js';
import { applyMonthOfEdits, type MonthOfEdits } from '../helpers/operator-edits.js';

/**
 * The promise to the operator: if `site check` accepts the content, the tests and the deploy
 * pass. A month of ordinary edits is applied to a copy of content/; the copy must check clean,
 * and the site built from it must pass every content rule and show each edit.
 */
let dir: string;
let edits: MonthOfEdits;
let built: BuildResult;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-month-'));
  await cp(LIVE_CONTENT, path.join(dir, 'content'), { recursive: true });
  edits = await applyMonthOfEdits(path.join(dir, 'content'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function page(file: string): Document {
  return parseHtml(String(built.files.find((f) => f.path === file)!.contents));
}

describe('a month of operator edits', () => {
  it('is accepted by site check', async () => {
    const checked = await checkContent(path.join(dir, 'content'));
    expect(formatProblems(checked.problems, checked.sources, { cwd: dir }), 'site check refused the edited content').toBe('0 problems in 0 files.');
    built = await build({ contentDir: path.join(dir, 'content') });
  });

  it('builds a site that passes every content rule', () => {
    expect(brokenRules(built)).toEqual([]);
  });

  it('shows each edit: prices, the new service, the reviews, the name, the phone, the figure, the heading', () => {
    const services = textOf(mainOf(page('services/index.html')));
    for (const price of edits.newPrices.values()) expect(services).toContain(rupeesText(price));
    expect(services).toContain(edits.newService.title);
    expect(services).toContain('₹1,25,000');
    const home = page('index.html');
    expect(textOf(mainOf(home))).toContain(edits.newReview.name);
    if (edits.removedReview) expect(textOf(mainOf(home))).not.toContain(edits.removedReview);
    expect(textOf(mainOf(home))).toContain(edits.newFigure.value);
    expect(textOf(home.querySelector('h1'))).toBe(edits.newHeroTitle);
    expect(textOf(home.querySelector('header'))).toContain(edits.companyName);
    expect(home.querySelector('a[href="tel:+919847012345"]')).not.toBeNull();
  });

  it('shows the new service in the quote form, the footer and /services, with only the files that list ids edited besides services.yaml', async () => {
    const form = page('contact/index.html').querySelector('select[name="service"]')!;
    expect(Array.from(form.querySelectorAll('option')).map((o) => textOf(o))).toContain(edits.newService.title);
    for (const file of ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html']) {
      const footerLinks = Array.from(page(file).querySelectorAll('footer a')).map((a) => [textOf(a), a.getAttribute('href')]);
      expect(footerLinks, file).toContainEqual([edits.newService.title, '/services/']);
    }
    expect(headings(mainOf(page('services/index.html'))).map((h) => textOf(h))).toContain(edits.newService.title);
    const explicit: string[] = [];
    for (const [file, keyPath] of [
      ['pages/contact.yaml', ['form', 'services']],
      ['layout.yaml', ['footer', 'services']],
    ] as const) {
      if (parseDocument(await readFile(path.join(LIVE_CONTENT, file), 'utf8')).hasIn(keyPath)) explicit.push(file);
    }
    expect(edits.listsEdited).toEqual(explicit);
  });

  it('passes site check from the command line too, as the deploy runs it', async () => {
    const io = captureIo(dir);
    expect(await runCli(['check'], io), io.stderr()).toBe(0);
  });
});
