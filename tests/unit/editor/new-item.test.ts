import { describe, expect, it } from 'vitest';
import { blank, newItem } from '../../../editor/fields/blank.js';
import { englishAt } from '../../../editor/paths.js';
import type { FieldModel } from '../../../editor/types.js';
import { formModel } from '../../../generator/editor/form-model.js';
import { translationSchema } from '../../../generator/schema/derived/translation-schema.js';
import { CONTENT_FILES, type ContentFile } from '../../../generator/schema/index.js';
import { readSample } from '../../helpers/content.js';

type List = Extract<FieldModel, { kind: 'list' }>;

/** The list at `key` of a translation file's form, as the editor's server makes it. */
function translatedList(file: ContentFile, key: string): List {
  const model = formModel(translationSchema(CONTENT_FILES[file])!);
  if (model.kind !== 'group') throw new Error('a file is a group of fields');
  const list = model.fields.find((field) => field.key === key);
  if (list?.kind !== 'list') throw new Error(`${file} has no list ${key}`);
  return list;
}

const english = readSample<{ services: { id: string; title: string }[] }>('services.yaml').services;

describe('Add in a Malayalam list whose English items have ids', () => {
  it('marks the list as pairing by id, and names the first English item not translated yet', () => {
    const list = translatedList('services.yaml', 'services');
    expect(list.pairsById).toBe(true);
    const translated = english.slice(0, 2).map((service) => ({ id: service.id, title: 'മലയാളം' }));
    const added = newItem(list, translated, english) as Record<string, unknown>;
    expect(added.id).toBe(english[2]!.id);
    // The item is otherwise blank, its required texts empty for the check to point at.
    expect(added.title).toBe('');
  });

  it('skips English items an item already names, wherever it stands', () => {
    const list = translatedList('services.yaml', 'services');
    const translated = [{ id: english[0]!.id }, { id: english[2]!.id }];
    expect((newItem(list, translated, english) as { id?: string }).id).toBe(english[1]!.id);
  });

  it('adds a blank item when every English item is translated, or the English list has no ids', () => {
    const list = translatedList('services.yaml', 'services');
    const all = english.map((service) => ({ id: service.id }));
    expect((newItem(list, all, english) as { id?: string }).id).toBeUndefined();
    expect((newItem(list, [], [{ title: 'No id' }]) as { id?: string }).id).toBeUndefined();
  });

  it('gives a list whose items pair by place (steps) a blank entry, with no id', () => {
    const model = formModel(translationSchema(CONTENT_FILES['services.yaml'])!) as Extract<FieldModel, { kind: 'group' }>;
    const services = model.fields[0] as List;
    const item = services.item as Extract<FieldModel, { kind: 'group' }>;
    const steps = item.fields.find((field) => field.key === 'process') as List;
    expect(steps.pairsById).toBeUndefined();
    expect(newItem(steps, ['ഒന്ന്'], ['One', 'Two'])).toBe('');
  });
});

describe('the English a translated field shows', () => {
  it('is the English item its id names, not the one in the same place', () => {
    const translated = {
      services: [
        { id: english[1]!.id, title: 'രണ്ട്' },
        { id: english[0]!.id, title: 'ഒന്ന്' },
      ],
    };
    expect(englishAt({ services: english }, translated, ['services', 0, 'title'])).toBe(english[1]!.title);
    expect(englishAt({ services: english }, translated, ['services', 1, 'title'])).toBe(english[0]!.title);
  });
});

describe('a new office', () => {
  it('started with an empty country, a problem ("Expected the country code IN") the moment it was added, though IN is the only choice: a choice of one starts chosen', () => {
    const model = formModel(CONTENT_FILES['site.yaml']);
    if (model.kind !== 'group') throw new Error('a file is a group of fields');
    const offices = model.fields.find((field) => field.key === 'offices');
    if (offices?.kind !== 'list') throw new Error('site.yaml has a list of offices');
    expect(blank(offices.item)).toMatchObject({ address: { country: 'IN', street: '', city: '' } });
  });
});
