import { describe, expect, it } from 'vitest';
import { likelyRupees, parseRupees } from '../../../../generator/schema/rupees.js';

describe('a price as typed', () => {
  it('is the number of rupees it means, with a sign, a word or digit groups', () => {
    for (const typed of [
      'Rs. 12,999',
      'Rs 12,999',
      '₹12,999',
      '₹ 12999',
      '12,999',
      '12999',
      'INR 12,999',
      '12,999/-',
      'Rs.12,999/-',
      ' 12999 ',
    ])
      expect(parseRupees(typed), typed).toBe(12999);
    expect(parseRupees('1,25,000')).toBe(125000);
    expect(parseRupees('₹1,25,000')).toBe(125000);
  });

  it('is refused (left as text for the check to explain) when it cannot be told for sure, never read as a fraction', () => {
    for (const typed of ['12.999', '.12999', '0.12999', 'about 5000', '12,99,9', '5k', 'Rs.', '00', '-500', '12999.50'])
      expect(parseRupees(typed), typed).toBeUndefined();
  });

  it('is 0 when it is 0, so the check says a price must be more than that rather than that it cannot be read', () => {
    expect(parseRupees('0')).toBe(0);
    expect(parseRupees('₹0')).toBe(0);
  });

  it('gives the likely number as a hint where it can, a dot grouping thousands included', () => {
    expect(likelyRupees('12.999')).toBe('12999');
    expect(likelyRupees(9.499)).toBe('9499');
    expect(likelyRupees('Rs. 12,999')).toBe('12999');
    expect(likelyRupees('about 5000')).toBeUndefined();
  });
});
