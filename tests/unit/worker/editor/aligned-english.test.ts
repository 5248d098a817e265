/**
 * A Malayalam file as the phone reads it, through the Worker in workerd against the GitHub
 * stand-in, as site dev's editor reads it: under each Malayalam entry the English it translates on
 * the site (the record, ml/translated-from.yaml), which an English entry added at the top of a list
 * without ids must not shift; and the texts not translated yet, each marked in the form.
 */
import { expect, it } from 'vitest';
import { bothLanguagesForEachTest } from './editor-worker.js';

const pushed = bothLanguagesForEachTest();

interface FileAnswer {
  english: { services: Array<{ whatsIncluded: Array<string | null> }> };
  value: { services: Array<{ whatsIncluded: string[] }> };
  missing: string[];
}

it('shows under each Malayalam entry the English it translates, after an English entry was added above it', async () => {
  const { call } = pushed().harness;
  const english = pushed().seed['content/services.yaml']!;
  const added = english.replace(
    '    whatsIncluded:\n      - Free pre-move survey and written quote',
    '    whatsIncluded:\n      - Free storage for a week\n      - Free pre-move survey and written quote',
  );
  expect(added).not.toBe(english);
  const read = (await (
    await call('file', { head: pushed().start, saved: { 'services.yaml': added }, file: 'ml/services.yaml' })
  ).json()) as FileAnswer;
  const shown = read.english.services[0]!.whatsIncluded;
  // The first Malayalam entry translates the survey, and says so; the new entry has no Malayalam yet.
  expect(read.value.services[0]!.whatsIncluded[0]).toMatch(/സർവേ/);
  expect(shown[0]).toBe('Free pre-move survey and written quote');
  expect(shown).toContain('Free storage for a week');
  expect(shown.indexOf('Free storage for a week')).toBeGreaterThanOrEqual(read.value.services[0]!.whatsIncluded.length);
});

it('names the texts not translated yet, so the form marks each one as shown in English on the Malayalam page', async () => {
  const { call } = pushed().harness;
  const malayalam = pushed().seed['content/ml/services.yaml']!;
  const tagline = /^( {4}tagline: ).*$/m.exec(malayalam)!;
  const emptied = malayalam.replace(tagline[0], `${tagline[1]}""`);
  expect(emptied).not.toBe(malayalam);
  const read = (await (
    await call('file', { head: pushed().start, saved: { 'ml/services.yaml': emptied }, file: 'ml/services.yaml' })
  ).json()) as FileAnswer;
  expect(read.missing).toEqual(['services[1].tagline']);
});
