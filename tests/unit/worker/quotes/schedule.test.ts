/** The keeping period's setting, read from the Worker's variable QUOTE_KEEP_DAYS. */
import { expect, it } from 'vitest';
import { keepDays } from '../../../../worker/quotes/schedule.js';

it.each([
  [undefined, 180],
  ['90', 90],
  ['', 180],
  ['0', 180],
  ['-5', 180],
  ['12.5', 180],
  ['a year', 180],
])('reads QUOTE_KEEP_DAYS %j as %i days', (setting, days) => {
  expect(keepDays(setting)).toBe(days);
});
