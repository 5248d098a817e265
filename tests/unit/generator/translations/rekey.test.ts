import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { CONTENT_FILES } from '../../../../generator/schema/index.js';
import { rekeyed } from '../../../../generator/translations/rekey.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';

const schema = CONTENT_FILES['pages/home.yaml'];

describe('the record of a Malayalam file whose list items moved', () => {
  const before = { howItWorks: { steps: [{ title: 'ഒന്ന്' }, { title: 'രണ്ട്' }, { title: 'മൂന്ന്' }] } };
  const block = new Map([
    ['howItWorks.steps[1].title', 'One'],
    ['howItWorks.steps[2].title', 'Two'],
    ['howItWorks.steps[3].title', 'Three'],
  ]);

  test('follows each item to its new place', () => {
    const after = { howItWorks: { steps: [before.howItWorks.steps[2], before.howItWorks.steps[0], before.howItWorks.steps[1]] } };
    expect(Object.fromEntries(rekeyed(schema, before, after, block))).toEqual({
      'howItWorks.steps[1].title': 'Three',
      'howItWorks.steps[2].title': 'One',
      'howItWorks.steps[3].title': 'Two',
    });
  });

  test('keeps the place of an item changed where it stood, and leaves out an item taken out', () => {
    const after = { howItWorks: { steps: [{ title: 'ഒന്ന്!' }, { title: 'മൂന്ന്' }] } };
    expect(Object.fromEntries(rekeyed(schema, before, after, block))).toEqual({
      'howItWorks.steps[1].title': 'One',
      'howItWorks.steps[2].title': 'Three',
    });
  });
});

describe('Malayalam steps moved in the editor kept the English of the place they left', () => {
  let editor: EditorServer;
  beforeAll(async () => {
    editor = await startEditor({ dir: await contentWithFixture('translation-anantha') });
  });
  afterAll(async () => {
    await editor?.close();
  });

  test('saved with its first two steps swapped, each Malayalam step still translates its own English step, and nothing reads as changed', async () => {
    const rel = 'ml/pages/home.yaml';
    const opened = (await editor.api('GET', `/__edit/api/file?file=${encodeURIComponent(rel)}`)).json();
    const value = structuredClone(opened.value) as { howItWorks: { steps: { title: string }[] } };
    const [first, second] = value.howItWorks.steps;
    value.howItWorks.steps.splice(0, 2, second!, first!);
    const saved = await editor.api('POST', '/__edit/api/save', { file: rel, value, version: opened.version });
    expect(saved.status).toBe(200);

    const record = parse(await readFile(path.join(editor.contentDir, 'ml/translated-from.yaml'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(record['pages/home.yaml']!['howItWorks.steps[1].title']).toBe('Get a Free Estimate');
    expect(record['pages/home.yaml']!['howItWorks.steps[2].title']).toBe('Request a Quote');
    const checked = await checkContent(editor.contentDir);
    expect(checked.warnings.filter((warning) => warning.code === 'outdated-translation')).toEqual([]);
    const steps = checked.site!.translations![0]!.site.pages.home.howItWorks.steps.map((step) => step.title);
    expect(steps.slice(0, 2)).toEqual([first!.title, second!.title]);
  });
});
