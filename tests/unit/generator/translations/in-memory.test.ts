/**
 * The content check on texts held in memory, as the browser and the Worker run it: the same
 * problems, at the same places and in the same words, as `site check` finds, in both languages.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { checkTexts } from '../../../../generator/translations/in-memory.js';
import { CONTENT_FILES } from '../../../../generator/schema/index.js';
import { FIXTURES, SAMPLE_CONTENT } from '../../../helpers/content.js';

const NOW = new Date('2026-06-01T00:00:00Z');

async function sampleTexts(): Promise<Map<string, string>> {
  const names = Object.keys(CONTENT_FILES);
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(SAMPLE_CONTENT, name), 'utf8')] as const)));
}

/** A problem as both checks give it, the file named from the content folder. */
const shown =
  (file: string, dir: string) =>
  (problem: { file: string; code: string; path: string; line?: number; column?: number; message: string }) => ({
    file: path.relative(dir, problem.file).split(path.sep).join('/'),
    code: problem.code,
    path: problem.path,
    line: problem.line,
    column: problem.column,
    message: problem.message,
  });

/** The sample's English texts and, beside them, its Malayalam folder (ml/services.yaml, ml/translated-from.yaml). */
async function sampleWithMalayalam(): Promise<Map<string, string>> {
  const texts = await sampleTexts();
  for (const name of await readdir(path.join(SAMPLE_CONTENT, 'ml'), { recursive: true })) {
    if (name.endsWith('.yaml')) texts.set(`ml/${name}`, await readFile(path.join(SAMPLE_CONTENT, 'ml', name), 'utf8'));
  }
  return texts;
}

const inMalayalam = (problem: { file: string }) => problem.file.split(/[\\/]/).includes('ml');

describe('checkTexts', () => {
  it('finds no problem in the sample content, as site check finds none', async () => {
    const checked = checkTexts(await sampleTexts(), { now: NOW });
    expect(checked.problems).toEqual([]);
  });

  it('locates a price that is not a number where site check does, in its words', async () => {
    const texts = await sampleTexts();
    const broken = texts.get('services.yaml')!.replace('starting: 8999', 'starting: eight thousand');
    texts.set('services.yaml', broken);
    const inMemory = checkTexts(texts, { now: NOW }).problems.map(shown('services.yaml', 'content'));
    const onDisk = (await checkContent(SAMPLE_CONTENT, { overrides: new Map([['services.yaml', broken]]), now: NOW })).problems
      .filter((problem) => !problem.file.includes(`${path.sep}ml${path.sep}`))
      .map(shown('services.yaml', SAMPLE_CONTENT));
    expect(inMemory.length).toBeGreaterThan(0);
    expect(inMemory).toEqual(onDisk);
    expect(inMemory[0]).toMatchObject({ file: 'services.yaml', path: 'services[residential].pricing.starting' });
  });

  it('calls a file that is not there missing, and one with a YAML mistake unreadable, at its line', async () => {
    const texts = await sampleTexts();
    texts.delete('whatsapp.yaml');
    texts.set('testimonials.yaml', 'testimonials:\n  - name: "Anu\n');
    const problems = checkTexts(texts, { now: NOW }).problems;
    expect(problems).toContainEqual(expect.objectContaining({ code: 'file-missing', file: 'content/whatsapp.yaml' }));
    expect(problems).toContainEqual(
      expect.objectContaining({ code: 'yaml-syntax', file: 'content/testimonials.yaml', line: expect.any(Number) }),
    );
  });

  it('refuses under strict what the deploy refuses: a placeholder left in', async () => {
    const texts = await sampleTexts();
    const site = texts.get('site.yaml')!;
    texts.set('site.yaml', site.replace(/(\n\s*name: ).*/, '$1Your Company Name # PLACEHOLDER'));
    const lenient = checkTexts(texts, { now: NOW });
    const strict = checkTexts(texts, { now: NOW, strict: true });
    const placeholder = lenient.warnings.filter((warning) => warning.code === 'placeholder');
    expect(placeholder.length).toBeGreaterThan(0);
    expect(strict.problems.filter((problem) => problem.code === 'placeholder')).toHaveLength(placeholder.length);
    expect(strict.problems.find((problem) => problem.code === 'placeholder')!.hint).toMatch(/a strict build \(the deploy\) refuses/);
  });

  it('checks the Malayalam files against their English and their record, with the warnings site check gives them', async () => {
    const checked = checkTexts(await sampleWithMalayalam(), { now: NOW });
    expect(checked.problems).toEqual([]);
    const onDisk = await checkContent(SAMPLE_CONTENT, { now: NOW });
    const sameAsOnDisk = (list: typeof checked.warnings, dir: string) => list.filter(inMalayalam).map(shown('', dir));
    expect(sameAsOnDisk(checked.warnings, 'content')).toEqual(sameAsOnDisk(onDisk.warnings, SAMPLE_CONTENT));
  });

  it('locates a mistake in a Malayalam file where site check does, in its words', async () => {
    const texts = await sampleWithMalayalam();
    const services = texts.get('ml/services.yaml')!;
    const broken = services.replace(/(\n\s*title: )[^\n]+/, '$1\n      - ഒന്ന്\n      - രണ്ട്');
    expect(broken).not.toBe(services);
    texts.set('ml/services.yaml', broken);
    const inMemory = checkTexts(texts, { now: NOW }).problems.map(shown('', 'content'));
    const onDisk = (await checkContent(SAMPLE_CONTENT, { overrides: new Map([['ml/services.yaml', broken]]), now: NOW })).problems.map(
      shown('', SAMPLE_CONTENT),
    );
    expect(inMemory.length).toBeGreaterThan(0);
    expect(inMemory).toEqual(onDisk);
    expect(inMemory[0]).toMatchObject({ file: 'ml/services.yaml' });
  });

  it('leaves a Malayalam file not there to show in English, as a warning, and the strict check lets it pass', async () => {
    const texts = await sampleWithMalayalam();
    texts.delete('ml/whatsapp.yaml');
    const strict = checkTexts(texts, { now: NOW, strict: true });
    // (The frozen sample keeps its placeholders, which the strict check refuses in site.yaml.)
    expect(strict.problems.filter(inMalayalam)).toEqual([]);
    expect(strict.warnings).toContainEqual(expect.objectContaining({ code: 'file-missing', file: 'content/ml/whatsapp.yaml' }));
  });
});

describe('the sample company’s story under another company’s name', () => {
  it('is marked at each text, as site check marks it, but never refuses a publish: the deploy keeps such a site closed instead', async () => {
    const texts = await sampleTexts();
    texts.set('site.yaml', await readFile(path.join(FIXTURES, 'closed-while-sample/content/site.yaml'), 'utf8'));
    const strict = checkTexts(texts, { now: NOW, strict: true });
    const claims = strict.warnings.filter((warning) => warning.code === 'sample-claim');
    expect(claims.length).toBeGreaterThan(100);
    expect(claims[0]!.editor?.hint).toBe('write what is true of the company, in its own words');
    expect(strict.problems).toEqual([]);
  });
});
