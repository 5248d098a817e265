import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../../generator/build.js';
import { renamedServices } from '../../../../../generator/editor/content/rename.js';
import { startEditor, type EditorServer } from '../../../../helpers/editor-server.js';

let editor: EditorServer;

beforeAll(async () => {
  editor = await startEditor();
});

afterAll(async () => {
  await editor?.close();
});

const read = (rel: string) => readFile(path.join(editor.contentDir, rel), 'utf8');

async function open(rel: string) {
  const answer = await editor.api('GET', `/__edit/api/file?file=${encodeURIComponent(rel)}`);
  expect(answer.status).toBe(200);
  return answer.json() as { value: { services: { id: string; title: string }[] }; version: string };
}

describe('renaming a service’s id in the editor', () => {
  it('renaming packing to vehicles saved with no problems and left home.yaml naming "packing": now every file naming it is renamed in the same save', async () => {
    // A link to the service's place on the services page names its id too.
    const homeFile = path.join(editor.contentDir, 'pages/home.yaml');
    await writeFile(homeFile, (await read('pages/home.yaml')).replace('    href: /services\n', '    href: /services#packing\n'));
    const warned = (await checkContent(editor.contentDir)).warnings.map((warning) => warning.code).sort();
    const before = new Map(
      await Promise.all(
        ['pages/home.yaml', 'ml/services.yaml', 'ml/translated-from.yaml', 'whatsapp.yaml'].map(
          async (rel) => [rel, await read(rel)] as const,
        ),
      ),
    );
    const { value, version } = await open('services.yaml');
    const next = {
      ...value,
      services: value.services.map((service) => (service.id === 'packing' ? { ...service, id: 'vehicles' } : service)),
    };

    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value: next })).json();
    expect(checked.problems).toEqual([]);
    expect(checked.elsewhere).toEqual([]);
    expect(checked.renames).toEqual([{ from: 'packing', to: 'vehicles' }]);

    // The preview of the unsaved rename shows the site as the save will leave it, not a broken build.
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value: next });
    const preview = await editor.api('GET', '/__edit/preview/');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('href="/__edit/preview/services/#vehicles"');
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value: null });

    const saved = await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: next, version });
    expect(saved.status).toBe(200);
    expect(saved.json().renames).toEqual([{ from: 'packing', to: 'vehicles' }]);
    expect(saved.json().renamedIn.sort()).toEqual(['ml/services.yaml', 'ml/translated-from.yaml', 'pages/home.yaml']);

    // Each file changed only where the id stands: the line of the home page's card, the Malayalam item's id, the record's keys.
    const home = await read('pages/home.yaml');
    expect(home).toBe(
      before
        .get('pages/home.yaml')!
        .replace('- service: packing', '- service: vehicles')
        .replace('href: /services#packing', 'href: /services#vehicles'),
    );
    expect(await read('ml/services.yaml')).toBe(before.get('ml/services.yaml')!.replace('  - id: packing', '  - id: vehicles'));
    expect(await read('ml/translated-from.yaml')).toBe(
      before.get('ml/translated-from.yaml')!.replaceAll('services[packing]', 'services[vehicles]'),
    );
    // A quick action's id is another list's name, not a service's.
    expect(await read('whatsapp.yaml')).toBe(before.get('whatsapp.yaml'));

    // The site builds: no problem anywhere, and the Malayalam texts are still recorded as translated.
    const after = await checkContent(editor.contentDir);
    expect(after.problems).toEqual([]);
    expect(after.warnings.map((warning) => warning.code).sort()).toEqual(warned);
    expect((parse(home) as { services: { items: { service?: string }[] } }).services.items.map((item) => item.service)).toContain(
      'vehicles',
    );
  });

  it('refuses to save a service deleted while other files still name it, naming each of them, and writes nothing', async () => {
    const { value, version } = await open('services.yaml');
    const kept = await read('services.yaml');
    const next = { ...value, services: value.services.filter((service) => service.id !== 'office') };

    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value: next })).json();
    expect(checked.problems).toEqual([]);
    expect(checked.elsewhere.map((problem: { file: string; field: string }) => `${problem.file} ${problem.field}`).sort()).toEqual([
      'content/pages/home.yaml Services › Item 2 › Service',
      'content/testimonials.yaml Testimonial 2 › Service',
    ]);

    const saved = await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value: next, version });
    expect(saved.status).toBe(422);
    const refused = saved.json().problems as { file: string; code: string; message: string }[];
    expect(refused.map((problem) => [problem.file, problem.code]).sort()).toEqual([
      ['content/pages/home.yaml', 'unknown-reference'],
      ['content/testimonials.yaml', 'unknown-reference'],
    ]);
    expect(refused.every((problem) => problem.message.includes('"office"'))).toBe(true);
    expect(await read('services.yaml')).toBe(kept);
  });
});

describe('which ids a new services list renames', () => {
  const list = (...services: { id: string; title: string }[]) => ({ services });

  it('pairs an id gone with the new id of an entry otherwise unchanged, wherever it moved', () => {
    const before = list({ id: 'a', title: 'A' }, { id: 'b', title: 'B' });
    expect(renamedServices(before, list({ id: 'b', title: 'B' }, { id: 'c', title: 'A' }))).toEqual([{ from: 'a', to: 'c' }]);
  });

  /** A service as services.yaml has one: its id and several fields of its own. */
  const service = (id: string, name: string, changes: Record<string, unknown> = {}) => ({
    id,
    title: name,
    tagline: `${name}, done with care`,
    icon: name.toLowerCase(),
    pricing: { starting: name.length * 1000 },
    included: [`${name} survey`, `${name} packing`],
    ...changes,
  });
  const services = (...entries: Record<string, unknown>[]) => ({ services: entries });
  const [a, b, c] = [service('a', 'Alpha'), service('b', 'Bravo'), service('c', 'Charlie')];

  it('pairs by place, or the only id gone with the only id new, when the entry kept most of what it said', () => {
    // The id and the title changed together, the rest kept.
    expect(
      renamedServices(
        services(a, b, c),
        services(a, service('vans', 'Vans', { tagline: b.tagline, icon: b.icon, pricing: b.pricing, included: b.included }), c),
      ),
    ).toEqual([{ from: 'b', to: 'vans' }]);
    // Renamed and moved to the end, its title changed too.
    expect(renamedServices(services(a, b, c), services(a, c, { ...b, id: 'bravo-plus', title: 'Bravo Plus' }))).toEqual([
      { from: 'b', to: 'bravo-plus' },
    ]);
  });

  it('sees no rename in a service deleted and a new one added in the same save, at its place or elsewhere', () => {
    expect(renamedServices(services(a, b, c), services(b, c, service('d', 'Delta'), service('e', 'Echo')))).toEqual([]);
    // The last service removed and a new one added after the others: the new one stands at its place.
    expect(renamedServices(services(a, b, c), services(a, b, service('vehicles', 'Vehicle transport')))).toEqual([]);
    // One removed from the middle, one added at the end: the only id gone and the only id new.
    expect(renamedServices(services(a, b, c), services(a, c, service('vehicles', 'Vehicle transport')))).toEqual([]);
  });
});
