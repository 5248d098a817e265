import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';

/**
 * The fixture translation-outdated: two services not translated yet and a tagline left empty (3
 * warnings, 51 texts), and three English texts changed since their Malayalam was written.
 */
let editor: EditorServer;

beforeAll(async () => {
  editor = await startEditor({ dir: await contentWithFixture('translation-outdated') });
});

afterAll(async () => {
  await editor?.close();
});

const record = async () =>
  parse(await readFile(path.join(editor.contentDir, 'ml/translated-from.yaml'), 'utf8')) as Record<string, Record<string, string>>;

async function open(rel: string) {
  const answer = await editor.api('GET', `/__edit/api/file?file=${encodeURIComponent(rel)}`);
  expect(answer.status).toBe(200);
  return answer.json();
}

/** The totals `site check` prints at its end for Malayalam, read from its own words. */
async function siteCheckTotals(): Promise<{ untranslated: number; outdated: number }> {
  const io = captureIo(editor.dir);
  expect(await main(['check', '--content', 'content'], io)).toBe(0);
  const untranslated = /Malayalam: (\d+) texts? (?:is|are) not translated yet/.exec(io.stdout())?.[1];
  const outdated = /Malayalam: (\d+) translations? (?:was|were) written for English that has changed since/.exec(io.stdout())?.[1];
  return { untranslated: Number(untranslated ?? 0), outdated: Number(outdated ?? 0) };
}

describe('the editor and site check count a translation alike', () => {
  it('gives the same numbers in the list of files, in each file’s banner and at the end of site check', async () => {
    const totals = await siteCheckTotals();
    expect(totals).toEqual({ untranslated: 51, outdated: 3 });
    const { files } = (await editor.api('GET', '/__edit/api/files')).json();
    const translations = files.filter((entry: { language?: string }) => entry.language) as {
      file: string;
      untranslated: number;
      outdated: number;
    }[];
    const sum = (key: 'untranslated' | 'outdated') => translations.reduce((total, entry) => total + entry[key], 0);
    expect({ untranslated: sum('untranslated'), outdated: sum('outdated') }).toEqual(totals);
    for (const entry of translations) {
      const opened = await open(entry.file);
      expect(opened.counts, entry.file).toMatchObject({ untranslated: entry.untranslated, outdated: entry.outdated });
    }
    // The warnings are fewer than the texts: a missing service is one warning for all its texts.
    const services = await open('ml/services.yaml');
    expect(services.warnings.filter((warning: { code: string }) => warning.code === 'missing-translation')).toHaveLength(3);
    expect(services.counts.untranslated).toBe(51);
  });
});

describe('what the editor says of a translation', () => {
  it('speaks of its boxes and buttons, never of a command to type or of how the YAML is written', async () => {
    const { files } = (await editor.api('GET', '/__edit/api/files')).json();
    const said: string[] = [];
    for (const entry of files.filter((file: { language?: string }) => file.language) as { file: string }[]) {
      const opened = await open(entry.file);
      for (const problem of [...opened.problems, ...opened.warnings] as { message: string; hint?: string }[])
        said.push(`${entry.file}: ${problem.message} ${problem.hint ?? ''}`);
    }
    // The fixture's three kinds: a service not translated (an item), an empty tagline, English changed.
    expect(said.some((words) => words.includes('has no Malayalam item yet'))).toBe(true);
    expect(said.some((words) => words.includes('is empty; it translates'))).toBe(true);
    expect(said.some((words) => words.includes('the English changed from'))).toBe(true);
    for (const words of said) expect(words).not.toMatch(/npx|run "|after "|id: |line \d/);
  });
});

describe('a Malayalam text whose English changed', () => {
  it('comes with the English it was made from and the English now', async () => {
    const opened = await open('ml/pages/not-found.yaml');
    expect(opened.outdated).toEqual([
      {
        path: 'seo.description',
        was: expect.stringContaining('Return to our home page'),
        now: expect.stringContaining('Go back to our home page'),
      },
      { path: 'heading.title', was: 'Sorry, We Could Not Find That Page', now: 'Sorry, That Page Is Not Here' },
    ]);
    expect(
      opened.warnings
        .filter((warning: { code: string }) => warning.code === 'outdated-translation')
        .map((warning: { line: number }) => warning.line),
    ).toEqual([7, 11]);
  });

  it('is no longer marked once "Translation still right" records its English, and the file is left as it was', async () => {
    const file = path.join(editor.contentDir, 'ml/pages/not-found.yaml');
    const before = await readFile(file, 'utf8');
    const answer = await editor.api('POST', '/__edit/api/accept', { file: 'ml/pages/not-found.yaml', accepted: [['heading', 'title']] });
    expect(answer.status).toBe(200);
    expect(answer.json().accepted).toBe(1);
    expect(answer.json().outdated.map((text: { path: string }) => text.path)).toEqual(['seo.description']);
    expect(answer.json().counts).toMatchObject({ outdated: 1 });
    expect((await record())['pages/not-found.yaml']!['heading.title']).toBe('Sorry, That Page Is Not Here');
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('is no longer marked once its field is saved with a new text, and the other texts keep their record', async () => {
    const opened = await open('ml/whatsapp.yaml');
    expect(opened.outdated.map((text: { path: string }) => text.path)).toEqual(['actions[packing].title']);
    const value = structuredClone(opened.value);
    value.actions[1].title = 'പാക്കിംഗും അൺപാക്കിംഗും';
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'ml/whatsapp.yaml', value, version: opened.version });
    expect(saved.status).toBe(200);
    expect((await open('ml/whatsapp.yaml')).outdated).toEqual([]);
    const recorded = (await record())['whatsapp.yaml']!;
    expect(recorded['actions[packing].title']).toBe('Packing and Unpacking');
    expect(recorded['actions[get-quote].title']).toBe('Get a Quote');
    // Still outdated elsewhere: saving one file marks only its own texts reviewed.
    expect((await open('ml/pages/not-found.yaml')).outdated).toHaveLength(1);
  });

  it('is accepted from the command line by the file and line the warning names', async () => {
    const io = captureIo(editor.dir);
    expect(await main(['translations', '--accept', 'content/ml/pages/not-found.yaml:7'], io)).toBe(0);
    expect(io.stdout()).toBe(
      'content/ml/pages/not-found.yaml:7: 1 text marked reviewed (1 of them for English that had changed); their English is recorded in content/ml/translated-from.yaml.',
    );
    expect(await siteCheckTotals()).toEqual({ untranslated: 51, outdated: 0 });
  });

  it('written by hand with no record is counted at the end of site check, until it is recorded', async () => {
    const file = path.join(editor.contentDir, 'ml/services.yaml');
    await writeFile(file, (await readFile(file, 'utf8')).replace(/^ {4}tagline:$/m, '    tagline: ബിസിനസ് തടസ്സമില്ലാതെ മാറ്റുന്നു'));
    const io = captureIo(editor.dir);
    expect(await main(['check', '--content', 'content'], io)).toBe(0);
    expect(io.stdout().split('\n').at(-1)).toBe(
      'Malayalam: 1 translated text has no record of the English it was made from, so a change to that English would go unnoticed; once it is reviewed, run "npx site translations --accept content/ml/services.yaml" or save the file in the editor.',
    );
    expect(await main(['translations', '--accept', 'content/ml/services.yaml'], captureIo(editor.dir))).toBe(0);
    const again = captureIo(editor.dir);
    expect(await main(['check', '--content', 'content'], again)).toBe(0);
    expect(again.stdout()).not.toContain('no record');
    expect((await record())['services.yaml']!['services[office].tagline']).toBe('Relocate your business with minimum downtime');
  });
});
