import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as runCli } from '../../../bin/cli.js';
import { build, checkContent, type BuildResult } from '../../../generator/build.js';
import { formatProblems } from '../../../generator/problems/format.js';
import type { Problem } from '../../../generator/problems/problem.js';
import { isTranslationWarning } from '../../../generator/translations/progress.js';
import { brokenRules, rupeesText } from '../../helpers/content-rules.js';
import { captureIo, LIVE_CONTENT } from '../../helpers/content.js';
import { parseDocument } from 'yaml';
import { headings, main as mainOf, parseHtml, textOf } from '../../helpers/dom.js';
import { applyMonthOfEdits, type MonthOfEdits } from '../../helpers/operator-edits.js';

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
    expect(formatProblems(checked.problems, checked.sources, { cwd: dir }), 'site check refused the edited content').toBe(
      '0 problems in 0 files.',
    );
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

/**
 * The same month with content/ml/ left as it was, as an office that writes English first and
 * waits for its translator: the deploy's checks pass (nothing but the operator's own placeholders
 * could stop them), and the Malayalam pages show the new English texts, marked as English.
 */
describe('a month of operator edits with the Malayalam files left as they were', () => {
  let englishOnly: string;
  let month: MonthOfEdits;
  let site: BuildResult;
  beforeAll(async () => {
    englishOnly = await mkdtemp(path.join(os.tmpdir(), 'site-month-en-'));
    await cp(LIVE_CONTENT, path.join(englishOnly, 'content'), { recursive: true });
    const before = await readMalayalam(path.join(englishOnly, 'content'));
    month = await applyMonthOfEdits(path.join(englishOnly, 'content'), { translate: false });
    expect(await readMalayalam(path.join(englishOnly, 'content'))).toEqual(before);
  });
  afterAll(async () => {
    await rm(englishOnly, { recursive: true, force: true });
  });

  it('passes site check --strict but for the placeholders the operator has still to fill', async () => {
    const strict = await checkContent(path.join(englishOnly, 'content'), { strict: true });
    // A company that asked for complete translations (completeTranslations: true) has the deploy
    // wait for them on purpose: then the texts still to translate are expected refusals too.
    const waitsForTranslations =
      parseDocument(await readFile(path.join(englishOnly, 'content/site.yaml'), 'utf8')).get('completeTranslations') === true;
    const expected = (problem: Problem) =>
      problem.code === 'placeholder' || (waitsForTranslations && isTranslationWarning({ ...problem, severity: 'warning' }));
    expect(strict.problems.filter((problem) => !expected(problem))).toEqual([]);
    site = await build({ contentDir: path.join(englishOnly, 'content') });
    expect(site.warnings.some((warning) => warning.code === 'missing-translation')).toBe(existsSync(path.join(englishOnly, 'content/ml')));
  });

  it('builds a site that passes every content rule', () => {
    expect(brokenRules(site)).toEqual([]);
  });

  it('shows the new service on the Malayalam pages in English, marked so, and the new review in place of the one taken out', () => {
    if (!site.site.translations?.length) return;
    const ml = (file: string) => parseHtml(String(site.files.find((f) => f.path === file)!.contents));
    const title = Array.from(ml('ml/services/index.html').querySelectorAll('main h2 span[lang="en"]')).map((span) => textOf(span));
    expect(title).toContain(month.newService.title);
    const home = textOf(mainOf(ml('ml/index.html')));
    expect(home).toContain(month.newReview.name);
    if (month.removedReview) expect(home).not.toContain(month.removedReview);
    const reviews = site.site.translations[0]!.site.testimonials;
    // The new review has no Malayalam yet: its own English words show, not the Malayalam of the one it replaced.
    expect(reviews.find((review) => review.id === month.newReview.id)!.comment).toContain('They packed our');
  });
});

/** Every file of content/ml/ and its text, to show the edits left them as they were. */
async function readMalayalam(contentDir: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  if (!existsSync(path.join(contentDir, 'ml'))) return files;
  for (const name of (await readdir(path.join(contentDir, 'ml'), { recursive: true })).sort()) {
    if (name.endsWith('.yaml')) files.set(name, await readFile(path.join(contentDir, 'ml', name), 'utf8'));
  }
  return files;
}
