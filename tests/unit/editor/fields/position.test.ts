import { describe, expect, it } from 'vitest';
import { pastedPosition } from '../../../../editor/fields/position.js';

describe('pastedPosition', () => {
  it('squashed "10.01234, 76.29876" into the latitude as 10.012347629876: a pair, with or without spaces, is read as its two numbers', () => {
    expect(pastedPosition('10.01234, 76.29876', 'Latitude')).toEqual({ kind: 'pair', latitude: '10.01234', longitude: '76.29876' });
    expect(pastedPosition('  -33.86785 ,151.20732\n', 'Longitude')).toEqual({
      kind: 'pair',
      latitude: '-33.86785',
      longitude: '151.20732',
    });
    expect(pastedPosition('10.02580,76.30000', 'Latitude')).toEqual({ kind: 'pair', latitude: '10.02580', longitude: '76.30000' });
  });

  it('leaves one number to the box', () => {
    expect(pastedPosition('10.01234', 'Latitude')).toEqual({ kind: 'number' });
    expect(pastedPosition(' 76.29876 ', 'Longitude')).toEqual({ kind: 'number' });
  });

  it('refuses what is neither, in words that name the field and say what to paste', () => {
    for (const text of ['Kochi, Kerala', '10.01234, 76.29876, 12', '10°00\'44.4"N 76°17\'55.5"E', '10,01234']) {
      const pasted = pastedPosition(text, 'Latitude');
      expect(pasted.kind, text).toBe('refused');
    }
    expect(pastedPosition('Kochi, Kerala', 'Latitude')).toEqual({
      kind: 'refused',
      message:
        'Latitude was not changed: “Kochi, Kerala” is not a number. Paste the two numbers Google Maps copies, e.g. 9.98765, 76.28543: they fill both boxes.',
    });
  });
});
