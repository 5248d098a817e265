import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, type YAMLSeq } from 'yaml';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { englishAt } from '../../../../editor/paths.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';

/**
 * The editor shows beside each Malayalam field the English it translates. With the English steps
 * of "How It Works" turned round (tests/fixtures/translation-anantha), each Malayalam step still
 * translates its own English step, and the editor must say which.
 */
let editor: EditorServer;

beforeAll(async () => {
  editor = await startEditor({ dir: await contentWithFixture('translation-anantha') });
  const file = path.join(editor.contentDir, 'pages/home.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  (doc.getIn(['howItWorks', 'steps']) as YAMLSeq).items.reverse();
  await writeFile(file, String(doc));
});

afterAll(async () => {
  await editor?.close();
});

describe('the editor showed beside a Malayalam step the English step now standing in its place', () => {
  test('each Malayalam step of a reordered English list shows the English it was translated from', async () => {
    const opened = (await editor.api('GET', `/__edit/api/file?file=${encodeURIComponent('ml/pages/home.yaml')}`)).json();
    const shown = [0, 1, 2, 3].map((index) => englishAt(opened.english, opened.value, ['howItWorks', 'steps', index, 'title']));
    expect(shown).toEqual(['Request a Quote', 'Get a Free Estimate', 'Schedule Your Move', 'Relax While We Handle Everything']);
  });
});
