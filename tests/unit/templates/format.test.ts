import { describe, expect, it } from 'vitest';
import { ENGLISH, MALAYALAM } from '../../../generator/contract/languages.js';
import { formatMonthYear, formatRupees, postalAddressLine } from '../../../templates/format.js';

// The generator formats prices and months by hand (Intl's first use costs a cold build a tenth of
// its time); what visitors read must stay exactly what Intl prints for their language.

describe('formatRupees', () => {
  const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
  const amounts = [
    0,
    1,
    9,
    99,
    999,
    1000,
    8999,
    12000,
    99999,
    100000,
    125000,
    999999,
    1000000,
    12345678,
    123456789012,
    2 ** 53 + 2,
    1e21,
    8999.4,
    8999.5,
    0.4,
    -500,
    -1234567.6,
    -0.2,
  ];

  it.each(amounts)('prints %d as en-IN does, with Indian digit groups', (amount) => {
    expect(formatRupees(amount)).toBe(intl.format(amount));
  });

  it('groups lakhs and crores', () => {
    expect([formatRupees(8999), formatRupees(125000), formatRupees(12345678)]).toEqual(['₹8,999', '₹1,25,000', '₹1,23,45,678']);
  });
});

describe('formatMonthYear', () => {
  const dates = Array.from(
    { length: 12 },
    (_, month) => `2026-${String(month + 1).padStart(2, '0')}-${String(month + 15).slice(-2)}`,
  ).concat(['1999-12-31', '2030-01-01']);

  it.each([ENGLISH, MALAYALAM])('names every month as Intl does in $englishName', (language) => {
    const intl = new Intl.DateTimeFormat(language.htmlLang, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    for (const date of dates) {
      const [year, month, day] = date.split('-').map(Number);
      expect(formatMonthYear(date, language)).toBe(intl.format(new Date(Date.UTC(year!, month! - 1, day!))));
    }
  });

  it('reads a review date as visitors see it', () => {
    expect(formatMonthYear('2026-10-12', ENGLISH)).toBe('October 2026');
    expect(formatMonthYear('2026-10-12', MALAYALAM)).toBe('2026 ഒക്‌ടോബർ');
  });
});

describe('postalAddressLine', () => {
  const address = { street: 'Bank Junction, Market Road', city: 'Aluva', region: 'Kerala', postalCode: '683101' };

  it('names the locality between the street and the city', () => {
    expect(postalAddressLine({ ...address, locality: 'Thottakkattukara', city: 'Aluva' })).toBe(
      'Bank Junction, Market Road, Thottakkattukara, Aluva, Kerala 683101',
    );
  });

  it('names a town once where its locality is the town itself', () => {
    expect(postalAddressLine({ ...address, locality: 'Aluva' })).toBe('Bank Junction, Market Road, Aluva, Kerala 683101');
  });
});
