import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { saveYaml } from '../../../../generator/editor/content/yaml-save.js';
import { captureIo, contentWithFixture } from '../../../helpers/content.js';

/** A map position counts its decimals as the operator wrote them: 11.25880 has five. */
const temporary: string[] = [];
afterEach(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function checkWithLatitude(written: string): Promise<{ code: number; stderr: string }> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const file = path.join(dir, 'content/site.yaml');
  await writeFile(file, (await readFile(file, 'utf8')).replace(/latitude: \S+/, `latitude: ${written}`));
  const io = captureIo(dir);
  const code = await main(['check', '--strict', '--content', 'content'], io);
  return { code, stderr: io.stderr() };
}

describe('the decimals of a map position', () => {
  it('are counted as written, so a fifth decimal of 0 counts', async () => {
    const kept = await checkWithLatitude('11.25880');
    expect(kept.stderr).not.toContain('contact.geo.latitude');
  });

  it('are too few, located and in plain words, when fewer than five are written', async () => {
    const short = await checkWithLatitude('11.2588');
    expect(short.code).toBe(1);
    expect(short.stderr).toMatch(
      /content\/site\.yaml:\d+:\d+ {2}contact\.geo\.latitude\n {2}A latitude needs at least 5 digits after the point \(about a metre\) for search engines to use it, but 11\.2588 has 4\./,
    );
  });

  it('stay as typed when the editor saves them: 11.25880 is written, not 11.2588', () => {
    const source = 'contact:\n  geo:\n    latitude: 10.02581 # the office\n    longitude: 76.30832\n';
    const typed = (at: readonly (string | number)[]) => (at.join('.') === 'contact.geo.latitude' ? '11.25880' : undefined);
    const saved = saveYaml(source, { contact: { geo: { latitude: 11.2588, longitude: 76.30832 } } }, { numberText: typed });
    expect(saved.text).toBe('contact:\n  geo:\n    latitude: 11.25880 # the office\n    longitude: 76.30832\n');
    // The same number typed with its fifth decimal, over a file that has four, is written again.
    const again = saveYaml('contact:\n  geo:\n    latitude: 11.2588\n', { contact: { geo: { latitude: 11.2588 } } }, { numberText: typed });
    expect(again).toEqual({ text: 'contact:\n  geo:\n    latitude: 11.25880\n', changedLines: 1 });
    // A typed text that is not the value's number is not used.
    const stale = saveYaml(source, { contact: { geo: { latitude: 11.3, longitude: 76.30832 } } }, { numberText: typed });
    expect(stale.text).toContain('latitude: 11.3 # the office');
  });
});
