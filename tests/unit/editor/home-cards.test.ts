import { describe, expect, it } from 'vitest';
import { cardsDrift, cardsInLine } from '../../../editor/home-cards.js';

describe('the home page’s service cards beside the services list', () => {
  const cards = [
    { service: 'residential', desc: 'Homes' },
    { service: 'office' },
    { icon: 'car', title: 'Vehicles', desc: 'Cars and bikes' },
  ];

  it('reordering the services or adding one left the cards as they were with no word of it: the difference is named', () => {
    expect(cardsDrift(cards, ['residential', 'office'])).toBeUndefined();
    expect(cardsDrift(cards, ['office', 'residential'])).toEqual({ missing: [], reordered: true });
    expect(cardsDrift(cards, ['residential', 'office', 'pet'])).toEqual({ missing: ['pet'], reordered: false });
  });

  it('brings them in line: the list’s order, each card keeping its own words, a card for a service without one, the company’s own cards after', () => {
    expect(cardsInLine(cards, ['pet', 'office', 'residential'])).toEqual([
      { service: 'pet' },
      { service: 'office' },
      { service: 'residential', desc: 'Homes' },
      { icon: 'car', title: 'Vehicles', desc: 'Cars and bikes' },
    ]);
    expect(cardsDrift(cardsInLine(cards, ['pet', 'office', 'residential']), ['pet', 'office', 'residential'])).toBeUndefined();
  });
});
