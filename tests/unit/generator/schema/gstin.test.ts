import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, gstinProblem } from '../../../../generator/schema/gstin.js';

describe('a GSTIN is checked for its form', () => {
  it('computes the check character of GSTINs published as examples', () => {
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstinCheckCharacter('32AABCU9603R1Z')).toBe('W');
  });

  it('accepts a GSTIN of the right form, with spaces around it', () => {
    expect(gstinProblem('27AAPFU0939F1ZV')).toBeUndefined();
    expect(gstinProblem(' 32AAECE1234F1ZB ')).toBeUndefined();
  });

  it.each([
    ['32AAECE1234F1Z', /has 15 characters, but "32AAECE1234F1Z" has 14/],
    ['32 AAECE 1234F1ZB', /spaces or dashes/],
    ['32aaece1234f1zb', /small letters/],
    ['00AAECE1234F1ZB', /state code from 01 to 38 .* starts with "00"/],
    ['39AAECE1234F1ZB', /starts with "39"/],
    ['32AAEC91234F1ZB', /the holder's PAN .* has "AAEC91234F"/],
    ['32AAECE1234F0ZB', /13th character .* has "0"/],
    ['32AAECE1234F1YB', /14th character of a GSTIN is always Z, but .* has "Y"/],
    ['32AAECE1234F1ZC', /ends in C, but its first 14 characters give the check character B/],
  ])('refuses %s and says what is wrong', (value, message) => {
    expect(gstinProblem(value)).toMatch(message);
  });
});
