import { describe, expect, it } from 'vitest';
import { followsMainHours, mainOfficeStart, withMainHours } from '../../../../editor/fields/main-office.js';

describe('an office’s hours and the main office’s', () => {
  const root = {
    contact: { hours: 'Mon-Sat 8AM-8PM', openingHours: { days: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'], opens: '08:00', closes: '20:00' } },
  };

  it('took six “Add day” presses: the same as the main office’s is one, leaving the office’s own out', () => {
    const office = { id: 'kannur', hours: 'Mon-Fri', openingHours: { days: ['Mo'], opens: '09:00', closes: '18:00' } };
    expect(withMainHours(office)).toEqual({ id: 'kannur' });
    expect(followsMainHours(withMainHours(office))).toBe(true);
    expect(followsMainHours(office)).toBe(false);
  });

  it('starts an office’s own hours from a copy of the main office’s', () => {
    const start = mainOfficeStart(['offices', 0, 'openingHours'], root);
    expect(start).toEqual(root.contact.openingHours);
    expect(start).not.toBe(root.contact.openingHours);
    expect(mainOfficeStart(['contact', 'openingHours'], root)).toBeUndefined();
  });
});
