import { parse, stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { differences, resolve, type Side, type Versions } from '../../../../generator/editor/differences.js';

/**
 * Two owners changed the same list of services, one removing an entry: what the one publishing
 * second chooses between, and what is published. Entries are told apart by their id, so each
 * price is a choice of its own and a removed service is one choice, not the whole list as text.
 */
const service = (id: string, title: string, starting: number) => ({ id, title, pricing: { starting, note: 'for a 1 BHK' } });
const file = (services: unknown[]) => new TextEncoder().encode(stringify({ services }));
const read = (bytes: Uint8Array | undefined) =>
  parse(new TextDecoder().decode(bytes)) as { services: { id: string; pricing: { starting: number } }[] };

const BASE = [
  service('residential', 'House Shifting', 8999),
  service('office', 'Office Moving', 15999),
  service('long', 'Long Distance', 25999),
];

/** They raised the office price; I removed the office service and raised the other two. */
const versions: Versions = {
  base: file(BASE),
  theirs: file([BASE[0], service('office', 'Office Moving', 16999), BASE[2]]),
  mine: file([service('residential', 'House Shifting', 9499), service('long', 'Long Distance', 28999)]),
};

const choosing = (picks: Side[]) => resolve('services.yaml', versions, (_, index) => picks[index]!);

describe('a list both sides changed, one removing an entry', () => {
  it('is one choice a price, by its service, and one for the service removed, named by its title', () => {
    expect(differences('services.yaml', versions)).toEqual([
      expect.objectContaining({ label: 'Service “residential” › Pricing › Starting', theirs: '8999', mine: '9499', changed: 'mine' }),
      expect.objectContaining({ label: 'Service “office”', theirs: 'Office Moving (the whole entry)', mine: null }),
      expect.objectContaining({ label: 'Service “long” › Pricing › Starting', theirs: '25999', mine: '28999', changed: 'mine' }),
    ]);
    // Both changed the office service: neither side is chosen for the owner.
    expect(differences('services.yaml', versions)[1]).not.toHaveProperty('changed');
  });

  it('publishes my prices and my removal when I choose mine', () => {
    const published = read(choosing(['mine', 'mine', 'mine']));
    expect(published.services.map((entry) => [entry.id, entry.pricing.starting])).toEqual([
      ['residential', 9499],
      ['long', 28999],
    ]);
  });

  it('keeps their office service, with their price, beside my prices when I choose theirs for it', () => {
    const published = read(choosing(['mine', 'theirs', 'mine']));
    expect(published.services.map((entry) => [entry.id, entry.pricing.starting])).toEqual([
      ['residential', 9499],
      ['office', 16999],
      ['long', 28999],
    ]);
  });

  it('offers a service they added, marked as theirs, and puts a service I added where I put it', () => {
    const added: Versions = {
      base: file(BASE),
      theirs: file([...BASE, service('storage', 'Storage', 2999)]),
      mine: file([BASE[0], service('pet', 'Pet Relocation', 4999), BASE[1], BASE[2]]),
    };
    const found = differences('services.yaml', added);
    expect(found).toEqual([
      expect.objectContaining({ label: 'Service “pet”', theirs: null, mine: 'Pet Relocation (the whole entry)', changed: 'mine' }),
      expect.objectContaining({ label: 'Service “storage”', theirs: 'Storage (the whole entry)', mine: null, changed: 'theirs' }),
    ]);
    const published = read(resolve('services.yaml', added, (difference) => difference.changed!));
    expect(published.services.map((entry) => entry.id)).toEqual(['residential', 'pet', 'office', 'long', 'storage']);
  });
});
