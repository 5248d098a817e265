import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, type YAMLMap, type YAMLSeq } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { build, checkContent, type BuildResult } from '../../../../generator/build.js';
import { captureIo, contentWithFixture, replacePlaceholders } from '../../../helpers/content.js';
import { closeParser, heading, main as mainOf, parseHtml, textOf } from '../../../helpers/dom.js';
import { applyEnglishOnlyEdits, type EnglishOnlyEdits } from '../../../helpers/operator-edits.js';
import { testPhoto } from '../../../helpers/photos.js';

/**
 * An English edit goes live without waiting for its Malayalam: the three edits an office makes in
 * English first (a new service, every review taken out, a photo beside the home page's title)
 * pass the deploy's checks with located warnings, and the Malayalam pages show the new English
 * texts marked as English, everything else staying Malayalam.
 */
let dir: string;
let edits: EnglishOnlyEdits;
let built: BuildResult;

beforeAll(async () => {
  dir = await contentWithFixture();
  await replacePlaceholders(dir);
  edits = await applyEnglishOnlyEdits(path.join(dir, 'content'), await testPhoto('hero'));
  built = await build({ contentDir: path.join(dir, 'content'), strict: true, now: new Date('2031-05-01T12:00:00Z') });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await closeParser();
});

const page = (file: string) => parseHtml(String(built.files.find((f) => f.path === file)!.contents));

describe('English edits with content/ml/ left as it was', () => {
  test('pass site check --strict and site build --strict, each missing text a located warning', async () => {
    const io = captureIo(dir);
    expect(await main(['check', '--strict', '--content', 'content'], io), io.stderr()).toBe(0);
    const warnings = io
      .stderr()
      .split('\n')
      .filter((line) => line.endsWith('(warning)'));
    expect(warnings).toEqual([
      'content/ml/pages/home.yaml:10:1  hero.image  (warning)',
      'content/ml/services.yaml:199:5  services[7]  (warning)',
      // The reviews taken out leave their Malayalam with nothing to translate: said, and left out.
      'content/ml/testimonials.yaml:8:5  testimonials[1]  (warning)',
      'content/ml/testimonials.yaml:16:5  testimonials[2]  (warning)',
      'content/ml/testimonials.yaml:23:5  testimonials[3]  (warning)',
    ]);
    expect(io.stderr()).toContain(
      'The Malayalam for the block "image" is missing; it translates the English block in content/pages/home.yaml, which starts with alt "Our blue truck',
    );
    expect(io.stderr()).toContain(
      `The English item 7 (id "${edits.newService.id}") has no Malayalam item; it translates title "${edits.newService.title}".`,
    );
    expect(io.stdout().split('\n').at(-1)).toBe(
      'Malayalam: 26 texts are not translated yet (in 2 files), shown in English on the Malayalam pages; start at content/ml/pages/home.yaml:10:1.',
    );

    const out = captureIo(dir);
    expect(await main(['build', '--strict', '--content', 'content', '--out', 'dist'], out), out.stderr()).toBe(0);
    expect(out.stderr()).not.toContain('refuses');
  });

  test('/ml/services/ shows the new service in English, marked lang="en", beside the Malayalam ones', () => {
    const services = mainOf(page('ml/services/index.html'));
    const title = heading(services, edits.newService.title, 2);
    expect(textOf(title.querySelector('span[lang="en"]'))).toBe(edits.newService.title);
    // Its description too; the other services keep their Malayalam titles, in the page's own language.
    const card = title.closest('article, li, section')!;
    expect(Array.from(card.querySelectorAll('p')).some((p) => p.querySelector('span[lang="en"]') && textOf(p).length > 100)).toBe(true);
    const malayalam = heading(services, 'വീട് ഷിഫ്റ്റിംഗ്', 2);
    expect(malayalam.querySelector('[lang]')).toBeNull();
    expect(malayalam.closest('[lang]')?.getAttribute('lang')).toBe('ml');
    // Its price is the English file's, as every price is.
    expect(textOf(services)).toContain('₹8,999');
  });

  test('the new service is in the Malayalam quote form and footer, its name marked English', () => {
    for (const file of ['ml/index.html', 'ml/about/index.html', 'ml/services/index.html']) {
      const link = Array.from(page(file).querySelectorAll('footer a')).find((a) => textOf(a) === edits.newService.title);
      expect(link?.querySelector('span[lang="en"]'), file).not.toBeNull();
    }
    const contact = page('ml/contact/index.html');
    const option = Array.from(contact.querySelectorAll('select[name="service"] option')).find((o) => textOf(o) === edits.newService.title);
    expect(option?.getAttribute('lang')).toBe('en');
    const link = Array.from(contact.querySelectorAll('footer a')).find((a) => textOf(a) === edits.newService.title);
    expect(link?.querySelector('span[lang="en"]')).not.toBeNull();
  });

  test('/ml/ has no reviews section, as / has none, and shows the photo with its English description', () => {
    const english = page('index.html');
    const malayalam = page('ml/index.html');
    expect(english.querySelector('#testimonials')).toBeNull();
    expect(malayalam.querySelector('#testimonials')).toBeNull();
    expect(malayalam.querySelectorAll('main h2').length).toBe(english.querySelectorAll('main h2').length);
    const img = malayalam.querySelector(`img[alt="${edits.heroPhoto.alt}"]`);
    expect(img?.getAttribute('lang')).toBe('en');
    expect(mainOf(malayalam).textContent).not.toContain('\uFDD0');
  });

  test('no mark is left anywhere: titles, descriptions, structured data and attributes carry plain text', () => {
    for (const file of built.files) {
      if (typeof file.contents === 'string') expect(file.contents, file.path).not.toMatch(/[\uFDD0\uFDD1]/);
    }
    const html = String(built.files.find((f) => f.path === 'ml/services/index.html')!.contents);
    const data = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!;
    expect(data).toContain(`"name":"${edits.newService.title}"`);
  });

  test('--complete-translations refuses them, each located, and writes nothing', async () => {
    const io = captureIo(dir);
    expect(await main(['build', '--strict', '--complete-translations', '--content', 'content', '--out', 'refused'], io)).toBe(1);
    expect(io.stderr()).toContain('content/ml/services.yaml:199:5  services[7]\n');
    expect(io.stderr()).toContain('--complete-translations refuses a text not translated yet');
    expect(io.stderr()).not.toContain('(warning)');
  });
});

describe('a company that publishes every page complete', () => {
  test('sets completeTranslations: true in site.yaml, and the deploy refuses what is not translated while a plain build shows it', async () => {
    const file = path.join(dir, 'content/site.yaml');
    const kept = await readFile(file, 'utf8');
    try {
      await writeFile(file, `${kept}\ncompleteTranslations: true\n`);
      const plain = captureIo(dir);
      expect(await main(['check', '--content', 'content'], plain)).toBe(0);
      const strict = captureIo(dir);
      expect(await main(['check', '--strict', '--content', 'content'], strict)).toBe(1);
      expect(strict.stderr()).toContain('content/ml/services.yaml:199:5  services[7]\n');
      expect(strict.stderr()).toContain(
        'a strict build (the deploy), with completeTranslations: true in site.yaml, refuses a text not translated yet',
      );
    } finally {
      await writeFile(file, kept);
    }
  });
});

describe('pairing a translated item with its English one', () => {
  test('a review taken out of the middle of the English list takes its own Malayalam with it', async () => {
    const copy = await contentWithFixture();
    try {
      const file = path.join(copy, 'content/testimonials.yaml');
      const doc = parseDocument(await readFile(file, 'utf8'));
      const reviews = doc.get('testimonials', true) as YAMLSeq;
      const removed = String((reviews.items[0] as YAMLMap).get('name'));
      reviews.items.splice(0, 1);
      await writeFile(file, String(doc));
      const checked = await checkContent(path.join(copy, 'content'));
      expect(checked.problems).toEqual([]);
      const extra = checked.warnings.filter((w) => w.code === 'extra-translation');
      expect(extra.map((w) => [w.path, w.message])).toEqual([
        [
          'testimonials[1]',
          `Item 1 translates id "anjali-menon", but the English list in content/testimonials.yaml has no item with that id, so it is left out of the pages.`,
        ],
      ]);
      const ml = checked.site!.translations![0]!.site.testimonials;
      const mlSource = parseDocument(await readFile(path.join(copy, 'content/ml/testimonials.yaml'), 'utf8')).toJS() as {
        testimonials: { id: string; comment: string }[];
      };
      // Each review that stays shows its own Malayalam text, not the one of the review above it.
      for (const review of ml) {
        expect(review.comment).toBe(mlSource.testimonials.find((t) => t.id === review.id)!.comment);
      }
      expect(ml.map((r) => r.name)).not.toContain(removed);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  test('an id the English list does not have is a warning that suggests the nearest one', async () => {
    const copy = await contentWithFixture();
    try {
      const file = path.join(copy, 'content/ml/services.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('- id: residential', '- id: residental'));
      const checked = await checkContent(path.join(copy, 'content'));
      expect(checked.problems).toEqual([]);
      const found = checked.warnings.filter((w) => w.file === file).map((w) => `${w.line}:${w.column} ${w.path} ${w.message}`);
      expect(found).toEqual([
        '7:5 services[1] Item 1 translates id "residental", but the English list in content/services.yaml has no item with that id, so it is left out of the pages. Did you mean "residential"?',
        // Where a new item goes: after the list's last one.
        '199:5 services[1] The English item 1 (id "residential") has no Malayalam item; it translates title "Residential Moving".',
      ]);
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });
});
