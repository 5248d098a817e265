import { describe, expect, it } from 'vitest';
import { CONTENT_FILES } from '../../../../generator/schema/index.js';
import { changeQuotes, outdatedTexts, translatedTexts } from '../../../../generator/translations/sources.js';
import { readSample, SAMPLE_CONTENT } from '../../../helpers/content.js';
import { checkContent } from '../../../../generator/build.js';

type Actions = { actions: { id: string; title: string; message: string }[] };
const english = readSample<Actions>('whatsapp.yaml');
const malayalam = readSample<Actions>('ml/whatsapp.yaml');
const schema = CONTENT_FILES['whatsapp.yaml'];

describe('the English each translated text stands for', () => {
  it('is keyed by its place in the English file, list items by their id', () => {
    const keys = translatedTexts(schema, english, malayalam).map((text) => text.key);
    expect(keys).toContain('actions[packing].title');
    expect(keys).toContain('startChat.label');
  });

  it('keeps its key when the English list is reordered, so nothing reads as changed', () => {
    const before = translatedTexts(schema, english, malayalam);
    const record = new Map(before.map((text) => [text.key, text.english]));
    const reordered = { ...english, actions: [...english.actions].reverse() };
    const after = translatedTexts(schema, reordered, malayalam);
    expect(after.map((text) => text.key).sort()).toEqual(before.map((text) => text.key).sort());
    expect(outdatedTexts(after, record)).toEqual([]);
  });

  it('is outdated when the English differs from the record, not when only its spacing does', () => {
    const record = new Map(translatedTexts(schema, english, malayalam).map((text) => [text.key, text.english]));
    const edited = structuredClone(english);
    edited.actions[0]!.title = 'Ask for a Quote';
    edited.actions[1]!.message = `  ${edited.actions[1]!.message.replace(' ', '\n  ')}  `;
    const outdated = outdatedTexts(translatedTexts(schema, edited, malayalam), record);
    expect(outdated.map(({ key, was, english: now }) => ({ key, was, now }))).toEqual([
      { key: `actions[${english.actions[0]!.id}].title`, was: english.actions[0]!.title, now: 'Ask for a Quote' },
    ]);
    // Where the text is in the Malayalam file, as the warning and the editor name it.
    expect(outdated[0]!.place).toBe(`actions[${english.actions[0]!.id}].title`);
  });

  it('is not compared when the folder keeps no record', () => {
    expect(outdatedTexts(translatedTexts(schema, { ...english, title: 'Changed' }, malayalam), undefined)).toEqual([]);
  });
});

describe('quoting a change', () => {
  it('quotes short texts whole', () => {
    expect(changeQuotes('Packing Services', 'Packing and Unpacking')).toEqual(['"Packing Services"', '"Packing and Unpacking"']);
  });

  it('quotes the stretch of a long text that changed, with whole words around it', () => {
    const was =
      'Moving house is about far more than boxes. Our residential team starts with a free survey of your home, whether it is a 1 BHK flat in Kakkanad or a family house in Thrissur.';
    const now = was.replace('1 BHK', '2 BHK');
    const [a, b] = changeQuotes(was, now);
    expect(a).toBe('"…your home, whether it is a 1 BHK flat in Kakkanad or…"');
    expect(b).toBe('"…your home, whether it is a 2 BHK flat in Kakkanad or…"');
  });
});

describe('the sample content', () => {
  it('starts in sync: every Malayalam text records the English it translates, and none of it has changed', async () => {
    const checked = await checkContent(SAMPLE_CONTENT);
    expect(checked.warnings.filter((warning) => warning.code === 'outdated-translation')).toEqual([]);
    const [malayalam] = checked.translations;
    expect([...malayalam!.outdated.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect([...malayalam!.unrecorded!.values()].reduce((a, b) => a + b, 0)).toBe(0);
    expect(malayalam!.unrecorded!.size).toBeGreaterThan(5);
  });
});
