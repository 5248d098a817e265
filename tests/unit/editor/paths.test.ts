import { describe, expect, it } from 'vitest';
import { blank } from '../../../editor/fields/blank.js';
import { uploadName } from '../../../editor/fields/Photo.js';
import { rupees } from '../../../editor/fields/Leaf.js';
import { fieldId, parsePath, pathText, problemPath, withKey } from '../../../editor/paths.js';
import type { FieldModel } from '../../../editor/types.js';

const services = {
  services: [
    { id: 'residential', title: 'Residential Moving', steps: ['Survey', 'Pack'] },
    { id: 'office', title: 'Office Moving', steps: ['Plan'] },
  ],
};

describe("the checker's paths, as the fields know them", () => {
  it('finds list entries named by id, and entries counted from 1', () => {
    expect(problemPath('services[office].title', services)).toBe('services[1].title');
    expect(problemPath('services[residential].steps[2]', services)).toBe('services[0].steps[1]');
    expect(problemPath('services[2]', services)).toBe('services[1]');
    expect(problemPath('', services)).toBe('');
  });

  it('points at the list itself for an entry past its end, where the entry is added', () => {
    // A Malayalam list one item short of the English: its missing item is added under the list.
    expect(problemPath('services[3]', services)).toBe('services');
    expect(problemPath('services[office].steps[4]', services)).toBe('services[1].steps');
  });

  it('leaves a path naming an entry that is not there as it is', () => {
    expect(problemPath('services[storage].title', services)).toBe('services[storage].title');
  });

  it('gives each path one id that works in HTML and in a link', () => {
    expect(fieldId(['services', 0, 'pricing', 'starting'])).toBe('field-services-0-pricing-starting');
    expect(fieldId([])).toBe('field-root');
    expect(parsePath(pathText(['a', 3, 'b']))).toEqual(['a', 3, 'b']);
  });

  it('takes an emptied optional field out of its object', () => {
    expect(withKey({ a: 1, b: 2 }, 'a', undefined)).toEqual({ b: 2 });
    expect(withKey(undefined, 'a', 'x')).toEqual({ a: 'x' });
  });
});

describe('what the controls show and send', () => {
  it('shows prices as the site does, with Indian digit groups', () => {
    expect(rupees(8999)).toBe('₹8,999');
    expect(rupees(120000)).toBe('₹1,20,000');
    expect(rupees('8999')).toBeUndefined();
  });

  it('uploads a phone photo under a plain name', () => {
    expect(uploadName('IMG_2041.JPEG')).toBe('img-2041.jpg');
    expect(uploadName('Crew At Work.png')).toBe('crew-at-work.png');
    expect(uploadName('ഫോട്ടോ.jpg')).toBe('photo.jpg');
  });

  it('starts a new list entry with its required fields empty', () => {
    const item: FieldModel = {
      key: '',
      label: 'Service',
      required: true,
      kind: 'group',
      fields: [
        { key: 'title', label: 'Title', required: true, kind: 'text' },
        { key: 'formLabel', label: 'Form label', required: false, kind: 'text' },
        {
          key: 'steps',
          label: 'Steps',
          required: true,
          kind: 'list',
          minItems: 1,
          item: { key: '', label: 'Step', required: true, kind: 'text' },
        },
        { key: 'price', label: 'Price', required: true, kind: 'price' },
      ],
    };
    expect(blank(item)).toEqual({ title: '', steps: [''] });
  });
});
