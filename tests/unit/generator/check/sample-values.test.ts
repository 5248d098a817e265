import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { settlePlaceholders } from '../../../../generator/check/placeholders.js';
import { sampleKind } from '../../../../generator/check/sample-values.js';
import { main } from '../../../../bin/cli.js';
import { captureIo, SAMPLE_CONTENT } from '../../../helpers/content.js';

const siteYaml = () => readFile(path.join(SAMPLE_CONTENT, 'site.yaml'), 'utf8');

describe('the sample values', () => {
  it('include a value under every PLACEHOLDER comment of the sample content, so each leftover is reported', async () => {
    const source = await siteYaml();
    const commentLines = source.split('\n').flatMap((line, index) => (/#\s*PLACEHOLDER/.test(line) ? [index + 1] : []));
    const io = captureIo(SAMPLE_CONTENT);
    expect(await main(['check', '--content', SAMPLE_CONTENT], io)).toBe(0);
    const reported = new Set([...io.stderr().matchAll(/marked as a placeholder on line (\d+)/g)].map((m) => Number(m[1])));
    expect(commentLines.length).toBeGreaterThanOrEqual(18);
    expect([...reported].sort((a, b) => a - b)).toEqual(commentLines);
  });

  it('are not a real company’s: another company’s details, and address lines any Kerala office may share, are none', () => {
    for (const real of [
      'Periyar Packers & Movers',
      '+91 98470 12345',
      'office@periyarpackers.in',
      'Edappally',
      'Kochi',
      'Kerala',
      '682024',
      'IN',
      9.96712,
      10.0258,
      'https://www.facebook.com/periyarpackers',
    ])
      expect(sampleKind(real), String(real)).toBeUndefined();
  });
});

describe('saving a real value in place of a sample', () => {
  it('takes out the PLACEHOLDER comment above it, and only that one', async () => {
    const before = await siteYaml();
    const after = settlePlaceholders(before, before.replace('name: Example Movers & Packers', 'name: Periyar Packers'));
    expect(after).not.toContain('replace with the real company name');
    expect(after).toContain('  name: Periyar Packers');
    expect(after).toContain('# PLACEHOLDER: replace with the real phone number');
    expect(after.split('\n')).toHaveLength(before.split('\n').length - 1);
  });

  it('keeps an address’s comment until its sample street is replaced, and a position’s two-line note until both numbers are', async () => {
    const before = await siteYaml();
    const cityOnly = settlePlaceholders(before, before.replace('city: Kochi', 'city: Thrissur'));
    expect(cityOnly).toContain('# PLACEHOLDER: replace every line of this address');
    const street = before.replace('street: 12 Example Road', 'street: 33/1120 NH 66');
    expect(settlePlaceholders(before, street)).not.toContain('replace every line of this address');

    const latitude = before.replace('latitude: 10.02581', 'latitude: 10.52760');
    expect(settlePlaceholders(before, latitude)).toContain('PLACEHOLDER: the office');
    const both = latitude.replace('longitude: 76.30832', 'longitude: 76.21440');
    const settled = settlePlaceholders(before, both);
    expect(settled).not.toContain('PLACEHOLDER: the office');
    expect(settled).not.toContain('touch and hold the real office');
  });

  it('leaves a file alone when no sample was replaced, or when the new value is another sample', async () => {
    const before = await siteYaml();
    expect(settlePlaceholders(before, before.replace('tagline: Trusted', 'tagline: Careful'))).toBe(
      before.replace('tagline: Trusted', 'tagline: Careful'),
    );
    const other = before.replace('phone: +91 90000 00000', 'phone: +91 90000 00000 ');
    expect(settlePlaceholders(before, other)).toBe(other);
  });
});
