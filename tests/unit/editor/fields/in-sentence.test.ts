import { describe, expect, it } from 'vitest';
import { inSentence } from '../../../../editor/fields/in-sentence.js';

describe('a field’s label on its Add and Remove buttons', () => {
  it('is in lower case, but for a word in capitals', () => {
    expect(`Remove ${inSentence('FAQ')}`).toBe('Remove FAQ');
    expect(`Add ${inSentence('Opening Hours')}`).toBe('Add opening hours');
    expect(`Add ${inSentence('GST Details')}`).toBe('Add GST details');
  });
});
