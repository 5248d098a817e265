import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { checkContent } from '../../../../generator/build.js';
import { checkFile } from '../../../../generator/editor/content/problems.js';
import { recordProse } from '../../../../generator/check/sample-prose-record.js';
import { SAMPLE_PROSE } from '../../../../generator/check/sample-prose.js';
import { statesFacts } from '../../../../generator/check/sample-texts.js';
import { loadContent } from '../../../../generator/load/load.js';
import type { Problem } from '../../../../generator/problems/problem.js';
import { captureIo, FIXTURES, SAMPLE_CONTENT } from '../../../helpers/content.js';

/**
 * Another company's content (tests/fixtures/stranger: its own name, phone and GSTIN) that kept the
 * sample's prose, with its statement that the texts were written for it taken out.
 */
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-sample-texts-'));
  await cp(path.join(FIXTURES, 'stranger/content'), path.join(dir, 'content'), { recursive: true });
  const site = path.join(dir, 'content/site.yaml');
  await writeFile(site, (await readFile(site, 'utf8')).replace(/^ {2}textsWrittenFor: .*\n/m, ''));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const content = () => path.join(dir, 'content');
const at = (problems: readonly Problem[], file: string, place: string) =>
  problems.find((problem) => problem.file === path.join(content(), file) && problem.path === place);

describe('a company that kept the sample’s wording', () => {
  it('is warned at each text (regression: "a whole office or a family pet" on /services/ and "family-run" on /about/, for a company offering neither)', async () => {
    const checked = await checkContent(content());
    expect(checked.problems).toEqual([]);
    expect(at(checked.warnings, 'pages/services.yaml', 'hero.text')).toMatchObject({
      code: 'sample-claim',
      severity: 'warning',
      line: 12,
      column: 9,
    });
    expect(at(checked.warnings, 'pages/services.yaml', 'seo.description')?.code).toBe('sample-claim');
    const about = at(checked.warnings, 'pages/about.yaml', 'hero.text')!;
    expect(about.code).toBe('sample-claim');
    expect(about.message).toContain('"We are a family-run moving company from ${city}, built on…"');
    // The Malayalam sample's texts count too.
    expect(at(checked.warnings, 'ml/pages/services.yaml', 'hero.text')?.code).toBe('sample-claim');
    // A form's or a menu's wording suits any company: a warning the deploy lets through.
    expect(at(checked.warnings, 'layout.yaml', 'footer.newsletter.error')?.code).toBe('sample-text');
  });

  it('is refused by --strict for the texts about the company, and only those', async () => {
    const strict = await checkContent(content(), { strict: true });
    expect(strict.site).toBeUndefined();
    expect(new Set(strict.problems.map((problem) => problem.code))).toEqual(new Set(['sample-claim']));
    expect(at(strict.problems, 'pages/about.yaml', 'hero.text')?.hint).toBe(
      'write what is true of the company, in its own words; a strict build (the deploy) refuses the sample company’s story, services, promises or figures (its rating, its reviews) left word for word, which may not be true of this company',
    );
    expect(strict.warnings.some((warning) => warning.code === 'sample-text')).toBe(true);
    // An owner who does not write Malayalam is told the way that needs none: the English shows instead.
    expect(at(strict.problems, 'ml/pages/about.yaml', 'hero.text')?.hint).toMatch(
      /^write what is true of the company, in its own words in Malayalam; or delete this line, and the page shows your English text for it until it is translated; a strict build/,
    );
  });

  it('is counted at the end of site check, with where to start', async () => {
    const io = captureIo(dir);
    expect(await main(['check', '--content', 'content'], io)).toBe(0);
    const checked = await checkContent(content());
    const all = checked.warnings.filter((warning) => warning.code.startsWith('sample-'));
    const claims = all.filter((warning) => warning.code === 'sample-claim');
    const first = claims.find((warning) => !warning.file.includes(`${path.sep}ml${path.sep}`))!;
    expect(path.relative(content(), first.file)).toBe(path.join('pages', 'about.yaml'));
    expect(io.stdout()).toContain(
      `${all.length} texts still say what the sample company says (${claims.length} of them about its story, services or promises, which the deploy refuses): start at content/${path.relative(content(), first.file)}:${first.line}:${first.column}.`,
    );
    expect(io.stdout()).not.toMatch(/other warnings?: the deploy/);
  });

  it('is named at the end of a strict check (the deploy’s), with where to start, after hundreds of refusals', async () => {
    const io = captureIo(dir);
    expect(await main(['check', '--strict', '--content', 'content'], io)).toBe(1);
    const last = io.stderr().trimEnd().split('\n').at(-1);
    expect(last).toMatch(
      /^\d+ texts still say what the sample company says \(\d+ of them about its story, services or promises, which the deploy refuses\): start at content\/pages\/about\.yaml:\d+:\d+\.$/,
    );
  });

  it('is shown in the editor at each field, in the editor’s words', async () => {
    const { warnings } = await checkFile(content(), 'ml/pages/about.yaml');
    const hero = warnings.find((warning) => warning.path === 'hero.text')!;
    expect(hero).toMatchObject({ code: 'sample-claim', file: 'content/ml/pages/about.yaml' });
    expect(hero.message).toBe(
      `${hero.field} still says, word for word, what the sample company says of itself, which may not be true of this one.`,
    );
    expect(warnings.filter((warning) => warning.code === 'sample-claim').length).toBeGreaterThan(10);
  });

  it('is not asked about them once it says they were written for it, by the name it has', async () => {
    const site = path.join(content(), 'site.yaml');
    const before = await readFile(site, 'utf8');
    try {
      await writeFile(
        site,
        before.replace(
          '  name: Nila Packers and Movers\n',
          '  name: Nila Packers and Movers\n  textsWrittenFor: Nila Packers and Movers\n',
        ),
      );
      expect((await checkContent(content(), { strict: true })).problems).toEqual([]);
      // Written for another company (the one whose content this was copied from): asked all the same.
      await writeFile(
        site,
        before.replace(
          '  name: Nila Packers and Movers\n',
          '  name: Nila Packers and Movers\n  textsWrittenFor: Periyar Packers & Movers\n',
        ),
      );
      expect((await checkContent(content(), { strict: true })).problems.some((problem) => problem.code === 'sample-claim')).toBe(true);
    } finally {
      await writeFile(site, before);
    }
  });
});

describe('the sample itself', () => {
  it('is not asked about its own texts while its name is still the sample’s: that placeholder already stops the deploy', async () => {
    const checked = await checkContent(SAMPLE_CONTENT);
    expect(checked.warnings.filter((warning) => warning.code.startsWith('sample-'))).toEqual([]);
  });

  it('has every text of four words or more recorded, in English and in Malayalam (record again with scripts/record-sample-prose.mjs)', async () => {
    const recorded = recordProse((await loadContent(SAMPLE_CONTENT)).files);
    expect(recorded.get('pages/about.yaml')?.size).toBeGreaterThan(20);
    expect(recorded.get('ml/pages/about.yaml')?.size).toBe(recorded.get('pages/about.yaml')?.size);
    for (const [file, keys] of recorded) {
      const missing = [...keys].filter((key) => !SAMPLE_PROSE[file]?.includes(key));
      expect(missing, file).toEqual([]);
    }
  });
});

describe('what states facts about the company', () => {
  it('is told by the text’s place, the same in a translation', () => {
    expect(statesFacts('pages/about.yaml', ['story', 'paragraphs', 0])).toBe(true);
    expect(statesFacts('services.yaml', ['services', 3, 'fullDescription'])).toBe(true);
    expect(statesFacts('pages/home.yaml', ['hero', 'title'])).toBe(true);
    expect(statesFacts('pages/contact.yaml', ['form', 'fields', 'message', 'placeholder'])).toBe(false);
    expect(statesFacts('layout.yaml', ['footer', 'newsletter', 'text'])).toBe(false);
    expect(statesFacts('pages/about.yaml', ['storyline'])).toBe(false);
  });
});
