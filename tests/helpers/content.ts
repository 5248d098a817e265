import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { parse, parseDocument } from 'yaml';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Io } from '../../bin/cli.js';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The operator's content: tests read their expectations from it and never assert its values. */
export const LIVE_CONTENT = path.join(ROOT, 'content');
/**
 * A frozen copy of the content, for testing the generator: operators never edit it, so tests
 * may assert its values (prices, names, line numbers) exactly.
 */
export const SAMPLE_CONTENT = path.join(ROOT, 'tests/sample/content');
export const FIXTURES = path.join(ROOT, 'tests/fixtures');

/** A file of the sample content, parsed: what the site under test in the browser tests is built from. */
export function readSample<T>(file: string): T {
  return parse(readFileSync(path.join(SAMPLE_CONTENT, file), 'utf8')) as T;
}

/**
 * A temporary project folder holding a copy of the sample content with a fixture laid over it:
 * the fixture's content/ files replace the sample's, and the files named in its remove.txt
 * are deleted. Returns the folder; its content is at `<folder>/content`.
 */
export async function contentWithFixture(fixture?: string, base: string = SAMPLE_CONTENT): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-content-'));
  await cp(base, path.join(dir, 'content'), { recursive: true });
  if (!fixture) return dir;
  const overlay = path.join(FIXTURES, fixture, 'content');
  if (existsSync(overlay)) await cp(overlay, path.join(dir, 'content'), { recursive: true });
  const removeList = path.join(FIXTURES, fixture, 'remove.txt');
  if (existsSync(removeList)) {
    for (const name of (await readFile(removeList, 'utf8')).split('\n').filter(Boolean)) {
      await rm(path.join(dir, 'content', name));
    }
  }
  return dir;
}

/** An Io that records what the CLI prints, as it would appear in a terminal. */
export function captureIo(cwd: string): Io & { stdout: () => string; stderr: () => string } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    cwd,
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    stdout: () => out.join('\n'),
    stderr: () => err.join('\n'),
  };
}

/** Puts real details in place of every sample value, leaving the PLACEHOLDER comments where they are. */
export async function replacePlaceholders(dir: string): Promise<void> {
  const file = path.join(dir, 'content/site.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  doc.setIn(['company', 'name'], 'Periyar Packers & Movers');
  // The sample's texts are this company's own: it is the company the sample was written for.
  doc.setIn(['company', 'textsWrittenFor'], 'Periyar Packers & Movers');
  doc.setIn(['contact', 'phone'], '+91 98470 12345');
  doc.setIn(['contact', 'whatsapp'], '+91 98470 12345');
  doc.setIn(['contact', 'email'], 'office@periyarpackers.in');
  doc.setIn(['contact', 'address', 'street'], '14/220 NH Bypass');
  doc.setIn(['contact', 'mapEmbedUrl'], 'https://www.google.com/maps?q=Vyttila%2C%20Kochi&output=embed');
  doc.setIn(['contact', 'directionsUrl'], 'https://www.google.com/maps/search/?api=1&query=Vyttila%2C%20Kochi');
  doc.setIn(['form', 'recipient'], 'quotes@periyarpackers.in');
  doc.setIn(['seo', 'siteUrl'], 'https://www.periyarpackers.in');
  doc.setIn(['contact', 'geo', 'latitude'], 9.96712);
  doc.setIn(['contact', 'geo', 'longitude'], 76.31842);
  [
    'facebook.com/periyarpackers',
    'instagram.com/periyarpackers',
    'youtube.com/@periyarpackers',
    'linkedin.com/company/periyarpackers',
  ].forEach((page, index) => doc.setIn(['social', index, 'url'], `https://www.${page}`));
  doc.setIn(['business', 'legalName'], 'Periyar Packers and Movers Private Limited');
  doc.setIn(['business', 'gstin'], '32AAGCP4321K1ZL');
  doc.setIn(['business', 'registeredAddress'], '14/220 NH Bypass, Vyttila, Kochi, Kerala 682019');
  doc.setIn(['reviews', 'url'], 'https://www.google.com/maps/search/?api=1&query=Periyar%20Packers%20Vyttila');
  // The PLACEHOLDER comments stay: a value replaced is no longer a placeholder, comment or not.
  await writeFile(file, String(doc));
}
