import { describe, expect, test } from 'vitest';
import { formatPath } from '../../../../generator/problems/locate.js';
import { pairerOf, pairItems, placeIn } from '../../../../generator/translations/pairs.js';

/** The record of a file whose lists were translated in the order given. */
const recordOf = (entries: Record<string, string>) => new Map(Object.entries(entries));

describe('pairing list items without an id by the English they were translated from', () => {
  const pair = pairerOf(recordOf({ 'areaServed[1]': 'Kerala', 'areaServed[2]': 'India' }));

  test('an English item put in second has no translation, and the items after it keep theirs', () => {
    expect(pair(['Kerala', 'Tamil Nadu', 'India'], ['കേരളം', 'ഇന്ത്യ'], 'areaServed')).toEqual({
      translationOf: [0, undefined, 1],
      unpaired: [],
    });
  });

  test('a reordered English list takes its translations with it', () => {
    expect(pair(['India', 'Kerala'], ['കേരളം', 'ഇന്ത്യ'], 'areaServed')).toEqual({ translationOf: [1, 0], unpaired: [] });
  });

  test('an English item rewritten in place pairs with the translation made for it, which the record then finds outdated', () => {
    expect(pair(['Kerala', 'South India'], ['കേരളം', 'ഇന്ത്യ'], 'areaServed')).toEqual({ translationOf: [0, 1], unpaired: [] });
  });

  test('an English item taken out leaves its translation with nothing to translate', () => {
    expect(pair(['India'], ['കേരളം', 'ഇന്ത്യ'], 'areaServed')).toEqual({ translationOf: [1], unpaired: [0] });
  });

  test('items of a block follow the texts they share, one text edited or not', () => {
    const steps = pairerOf(
      recordOf({ 'steps[1].title': 'Call us', 'steps[1].desc': 'We listen.', 'steps[2].title': 'We pack', 'steps[2].desc': 'Box by box.' }),
    );
    const english = [
      { title: 'We pack', desc: 'Box by box, with care.' },
      { title: 'Call us', desc: 'We listen.' },
    ];
    expect(steps(english, [{ title: 'വിളിക്കൂ' }, { title: 'പാക്ക്' }], 'steps').translationOf).toEqual([1, 0]);
  });

  // Found by the damaged-content fuzz test (seed -859442996): an alias naming its own ancestor
  // made the pairing walk the item for ever: "Maximum call stack size exceeded", exit 2.
  test('an English item that holds itself through a YAML alias pairs without walking it for ever', () => {
    const steps = pairerOf(recordOf({ 'steps[1].title': 'Call us', 'steps[2].title': 'We pack' }));
    const looped: Record<string, unknown> = { title: 'We pack' };
    looped.again = looped;
    expect(steps([looped, { title: 'Call us' }], [{ title: 'വിളിക്കൂ' }, { title: 'പാക്ക്' }], 'steps').translationOf).toEqual([1, 0]);
  });

  test('without a record, items without an id pair by their place, as before', () => {
    expect(pairItems(['Kerala', 'Tamil Nadu', 'India'], ['കേരളം', 'ഇന്ത്യ'])).toEqual({ translationOf: [0, 1, undefined], unpaired: [] });
  });
});

describe('a translation added to a list whose other items are recorded', () => {
  const pair = pairerOf(recordOf({ 'areaServed[1]': 'Kerala', 'areaServed[2]': 'India' }));

  test('at the end of the list, it translates the first English item still without one', () => {
    expect(pair(['Kerala', 'Tamil Nadu', 'India'], ['കേരളം', 'ഇന്ത്യ', 'തമിഴ്നാട്'], 'areaServed')).toEqual({
      translationOf: [0, 2, 1],
      unpaired: [],
    });
  });
});

describe('the place of a list item', () => {
  test('is named as problems name it, so the record and the warnings agree', () => {
    const lists = [
      [{ id: 'office' }, { id: 'pet' }],
      [{ id: 'twice' }, { id: 'twice' }],
      [{ id: 'Not An Id' }, { id: '2024' }, { title: 'no id' }],
      ['Kerala', 'India'],
    ];
    for (const list of lists) {
      list.forEach((_, index) => expect(placeIn('steps', index, list)).toBe(`steps${formatPath([index], list)}`));
    }
  });
});
