import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isMap, isScalar, isSeq, parse, parseDocument, type Node } from 'yaml';
import { describe, expect, it } from 'vitest';
import { changedLines, matchItems } from '../../../../../generator/editor/content/compare.js';
import { saveYaml } from '../../../../../generator/editor/content/yaml-save.js';
import { LIVE_CONTENT, SAMPLE_CONTENT } from '../../../../helpers/content.js';
import { CONTENT_FILES, type ContentFile } from '../../../../../generator/schema/index.js';
import { servicesSchema } from '../../../../../generator/schema/services.js';
import { translationSchema } from '../../../../../generator/schema/derived/translation-schema.js';
import { shapeAt } from '../../../../../generator/schema/derived/walk.js';
import { RECORD_FILE } from '../../../../../generator/load/load.js';

/** Every YAML file under `dir`, read now: whatever the operator keeps in content/ is covered. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return yamlFiles(file);
    return /\.ya?ml$/.test(name) ? [file] : [];
  });
}

const SHIPPED = [...yamlFiles(LIVE_CONTENT), ...yamlFiles(SAMPLE_CONTENT)];
const sample = (name: string) => readFileSync(path.join(SAMPLE_CONTENT, name), 'utf8');
const lines = (text: string) => text.split('\n');

/** Every scalar leaf of a file: its path, value and the lines its text spans (0-based). */
function leaves(source: string): { path: (string | number)[]; value: unknown; first: number; last: number }[] {
  const doc = parseDocument(source);
  const found: { path: (string | number)[]; value: unknown; first: number; last: number }[] = [];
  const lineOf = (pos: number) => source.slice(0, pos).split('\n').length - 1;
  const visit = (node: unknown, at: (string | number)[]) => {
    if (isMap(node)) for (const pair of node.items) visit(pair.value, [...at, (pair.key as { value: string }).value]);
    else if (isSeq(node)) node.items.forEach((item, index) => visit(item, [...at, index]));
    else if (isScalar(node) && node.range)
      found.push({ path: at, value: node.value, first: lineOf(node.range[0]), last: lineOf(Math.max(node.range[0], node.range[1] - 1)) });
  };
  visit(doc.contents as Node, []);
  return found;
}

function setIn(data: unknown, at: readonly (string | number)[], value: unknown): unknown {
  const copy = structuredClone(data) as Record<string | number, unknown>;
  let node = copy;
  at.slice(0, -1).forEach((key) => (node = node[key] as Record<string | number, unknown>));
  node[at.at(-1)!] = value;
  return copy;
}

describe('saving a content file through the yaml Document API', () => {
  it('finds shipped files in both content folders, translations included', () => {
    expect(SHIPPED.filter((file) => file.startsWith(SAMPLE_CONTENT)).length).toBeGreaterThanOrEqual(20);
    expect(SHIPPED.some((file) => file.includes(`${path.sep}ml${path.sep}`) && file.startsWith(LIVE_CONTENT))).toBe(true);
  });

  it.each(SHIPPED.map((file) => [path.relative(path.dirname(LIVE_CONTENT), file), file]))(
    'opening and saving %s without a change leaves it byte-identical',
    (_, file) => {
      const source = readFileSync(file, 'utf8');
      const saved = saveYaml(source, JSON.parse(JSON.stringify(parse(source))));
      expect(saved.text).toBe(source);
      expect(saved.changedLines).toBe(0);
    },
  );

  // The content files the editor's form saves; the record of translations' English is written whole (translations/record.ts).
  it.each(
    yamlFiles(SAMPLE_CONTENT)
      .filter((file) => path.basename(file) !== RECORD_FILE)
      .map((file) => [path.relative(SAMPLE_CONTENT, file), file]),
  )('in %s, changing any one value changes only the lines that value is written on', (_, file) => {
    const source = readFileSync(file, 'utf8');
    const data = parse(source);
    for (const leaf of leaves(source)) {
      const next = typeof leaf.value === 'number' ? leaf.value + 1 : typeof leaf.value === 'string' ? `${leaf.value} again` : 'some text';
      const saved = saveYaml(source, setIn(data, leaf.path, next));
      expect(parse(saved.text)).toEqual(setIn(data, leaf.path, next));
      const before = lines(source);
      const after = lines(saved.text);
      // Everything above the value's first line and below its last line is the same text.
      expect(after.slice(0, leaf.first)).toEqual(before.slice(0, leaf.first));
      const below = before.length - 1 - leaf.last;
      expect(after.slice(after.length - below)).toEqual(before.slice(before.length - below));
    }
  });

  it('changes one price as exactly one line, keeping every comment', () => {
    const source = sample('services.yaml');
    const data = parse(source);
    data.services[1].pricing.starting = 12345;
    const saved = saveYaml(source, data);
    expect(saved.changedLines).toBe(1);
    const before = lines(source);
    const after = lines(saved.text);
    expect(after).toHaveLength(before.length);
    const changed = after.flatMap((line, index) => (line === before[index] ? [] : [[before[index], line]]));
    expect(changed).toEqual([['      starting: 15999', '      starting: 12345']]);
    expect(after.filter((line) => line.trim().startsWith('#'))).toEqual(before.filter((line) => line.trim().startsWith('#')));
  });

  it('keeps Windows line endings in a file saved with them', () => {
    const source = sample('services.yaml').replace(/\n/g, '\r\n');
    const data = parse(source);
    expect(saveYaml(source, data).text).toBe(source);
    data.services[1].pricing.starting = 12345;
    data.services[1].idealFor.push('Shops');
    const saved = saveYaml(source, data);
    expect(parse(saved.text)).toEqual(data);
    expect(saved.text.split('\r\n').length).toBe(source.split('\r\n').length + 1);
    expect(/(^|[^\r])\n/.test(saved.text)).toBe(false);
    expect(saved.changedLines).toBe(2);
  });

  it('keeps a value’s quotes when the new value can be written with them', () => {
    const source = sample('site.yaml');
    const data = parse(source);
    const pin = lines(source).find((line) => line.includes('postalCode:'))!;
    expect(pin).toMatch(/"\d{6}"/);
    data.contact.address.postalCode = '682030';
    const saved = saveYaml(source, data);
    expect(lines(saved.text)).toContain(pin.replace(/"\d{6}"/, '"682030"'));
    expect(saved.changedLines).toBe(1);
  });

  it('quotes text that would otherwise read as a number, and keeps a trailing comment', () => {
    const source = 'a: hello # why\nb: 2\n';
    expect(saveYaml(source, { a: '123', b: 2 }).text).toBe('a: "123" # why\nb: 2\n');
    expect(saveYaml(source, { a: 'world', b: 3 }).text).toBe('a: world # why\nb: 3\n');
  });

  it('changes a word in a folded paragraph without refolding the rest of it', () => {
    const source = sample('services.yaml');
    const data = parse(source);
    data.services[0].fullDescription = data.services[0].fullDescription.replace('trained crew', 'well trained crew');
    const saved = saveYaml(source, data);
    expect(parse(saved.text)).toEqual(data);
    expect(saved.changedLines).toBeLessThanOrEqual(3);
    expect(saved.text).toContain('fullDescription: >-\n');
  });

  it('adds, removes and reorders list items, keeping each item’s comment with it', () => {
    const source = sample('ml/testimonials.yaml');
    const data = parse(source);
    const comments = lines(source).filter((line) => /^ {2}# /.test(line));
    expect(comments.length).toBe(data.testimonials.length);
    const [first, second, ...rest] = data.testimonials;
    // Reorder: the first two swap; each keeps the comment naming its reviewer.
    const swapped = saveYaml(source, { ...data, testimonials: [second, first, ...rest] });
    expect(parse(swapped.text).testimonials).toEqual([second, first, ...rest]);
    const order = lines(swapped.text).filter((line) => /^ {2}# /.test(line));
    expect(order).toEqual([comments[1], comments[0], ...comments.slice(2)]);
    // Remove the second: its comment goes with it, the others stay.
    const removed = saveYaml(source, { ...data, testimonials: [first, ...rest] });
    expect(lines(removed.text).filter((line) => /^ {2}# /.test(line))).toEqual([comments[0], ...comments.slice(2)]);
    expect(removed.changedLines).toBe(lines(source).length - lines(removed.text).length);
    // Add one at the end: written in the list's indentation; nothing else changes.
    const added = saveYaml(source, { ...data, testimonials: [...data.testimonials, { ...first, location: 'പുതിയത്' }] });
    expect(added.text.startsWith(source.replace(/\n$/, ''))).toBe(true);
    expect(parse(added.text).testimonials.at(-1).location).toBe('പുതിയത്');
    expect(added.text).toMatch(/\n {2}- id: [a-z-]+\n {4}location: പുതിയത്\n {4}comment: /);
  });

  it('reorders a list of texts line by line', () => {
    const source = sample('services.yaml');
    const data = parse(source);
    const list = data.services[0].idealFor as string[];
    data.services[0].idealFor = [list[1], list[0], ...list.slice(2)];
    const saved = saveYaml(source, data);
    expect(parse(saved.text)).toEqual(data);
    const before = lines(source);
    const at = before.indexOf(`      - ${list[0]}`);
    const swapped = [...before];
    [swapped[at], swapped[at + 1]] = [before[at + 1]!, before[at]!];
    expect(lines(saved.text)).toEqual(swapped);
  });

  it('adds a new optional group at the end of its block and removes it again', () => {
    const source = sample('services.yaml');
    const data = parse(source);
    const photo = { src: 'images/van.jpg', alt: 'Our van at a house in Kochi' };
    const withPhoto = setIn(data, ['services', 0, 'image'], photo);
    const saved = saveYaml(source, withPhoto);
    expect(parse(saved.text)).toEqual(withPhoto);
    expect(saved.changedLines).toBe(3);
    expect(saved.text).toContain('\n    image:\n      src: images/van.jpg\n      alt: Our van at a house in Kochi\n');
    expect(saveYaml(saved.text, data).text).toBe(source);
  });

  it('keeps a list written in brackets on its line', () => {
    const source = sample('site.yaml');
    const data = parse(source);
    const line = lines(source).find((text) => text.includes('days: ['))!;
    data.contact.openingHours.days.push('Su');
    const saved = saveYaml(source, data);
    expect(parse(saved.text)).toEqual(data);
    expect(saved.changedLines).toBe(1);
    expect(lines(saved.text)).toContain(line.replace(/\]$/, ', Su]'));
  });

  it('puts a new field where its schema lists it, before the fields that follow it', () => {
    const source = sample('services.yaml');
    const data = parse(source);
    expect(data.services[2].formLabel).toBeUndefined();
    data.services[2].formLabel = 'Packing only';
    const order = (at: readonly (string | number)[]) => Object.keys(shapeAt(servicesSchema, at) ?? {});
    const saved = saveYaml(source, data, { keyOrder: order });
    expect(parse(saved.text)).toEqual(data);
    expect(saved.changedLines).toBe(1);
    const after = lines(saved.text);
    const title = after.findIndex((line) => line === `    title: ${data.services[2].title}`);
    expect(after[title + 1]).toBe('    formLabel: Packing only');
    // Without an order, at the end of its group.
    const plain = lines(saveYaml(source, data).text);
    expect(plain.indexOf('    formLabel: Packing only')).toBeGreaterThan(
      plain.findIndex((line) => line.includes(data.services[2].process.at(-1))),
    );
    // A first field of a list item (on the "-" line) is never pushed off it.
    const first = saveYaml(
      'list:\n  - b: 2\n',
      { list: [{ a: 1, b: 2 }] },
      { keyOrder: (at) => (at.length === 2 ? ['a', 'b'] : undefined) },
    );
    expect(parse(first.text)).toEqual({ list: [{ a: 1, b: 2 }] });
    expect(saveYaml('x: 1\nz: 3\n', { x: 1, y: 2, z: 3 }, { keyOrder: () => ['x', 'y', 'z'] }).text).toBe('x: 1\ny: 2\nz: 3\n');
    expect(saveYaml('# about z\nz: 3\n', { a: 0, z: 3 }, { keyOrder: () => ['a', 'z'] }).text).toBe('# about z\na: 0\nz: 3\n');
  });

  it.each(['services.yaml', 'site.yaml', 'pages/home.yaml', 'ml/services.yaml'])(
    'in %s, a field taken out and put back returns to its own line',
    (name) => {
      const source = sample(name);
      const schema = name.startsWith('ml/')
        ? translationSchema(CONTENT_FILES[name.slice(3) as ContentFile])!
        : CONTENT_FILES[name as ContentFile];
      const keyOrder = (at: readonly (string | number)[]) => Object.keys(shapeAt(schema, at) ?? {});
      const data = parse(source);
      const before = lines(source);
      let tried = 0;
      for (const leaf of leaves(source)) {
        const key = leaf.path.at(-1);
        // Keys only (not list entries), on a line of their own with no comment above that would stay behind.
        if (typeof key !== 'string' || !before[leaf.first]!.trimStart().startsWith(`${key}:`) || /^\s*#/.test(before[leaf.first - 1] ?? ''))
          continue;
        if (leaf.first !== leaf.last) continue;
        // Among siblings written in the schema's order (an operator may have written them otherwise), and not alone.
        const siblings = Object.keys(leaf.path.slice(0, -1).reduce((node: any, step) => node[step], data));
        const order = keyOrder(leaf.path.slice(0, -1));
        if (siblings.length < 2 || siblings.some((name, index) => index > 0 && order.indexOf(name) < order.indexOf(siblings[index - 1]!)))
          continue;
        const without = structuredClone(data);
        const parent = leaf.path.slice(0, -1).reduce((node: any, step) => node[step], without);
        delete parent[key];
        const removed = saveYaml(source, without, { keyOrder }).text;
        const back = saveYaml(removed, data, { keyOrder });
        expect(parse(back.text)).toEqual(data);
        expect(
          lines(back.text).findIndex((line, index) => index >= leaf.first && line.trimStart().startsWith(`${key}:`)),
          `${leaf.path.join('.')}`,
        ).toBe(leaf.first);
        tried++;
      }
      expect(tried).toBeGreaterThan(10);
    },
  );

  it('fills an empty list written as []', () => {
    const source = '# Reviews\ntestimonials: []\n# end\n';
    const saved = saveYaml(source, { testimonials: [{ id: 'a', name: 'B' }] });
    expect(saved.text).toBe('# Reviews\ntestimonials:\n  - id: a\n    name: B\n# end\n');
  });

  it('matches moved items by value, edited ones by id, then by place', () => {
    expect(matchItems(['a', 'b', 'c'], ['c', 'a', 'b'])).toEqual([2, 0, 1]);
    expect(matchItems(['a', 'b', 'c'], ['a', 'x', 'c'])).toEqual([0, 1, 2]);
    expect(
      matchItems(
        [
          { id: 'p', v: 1 },
          { id: 'q', v: 1 },
        ],
        [
          { id: 'q', v: 2 },
          { id: 'p', v: 1 },
        ],
      ),
    ).toEqual([1, 0]);
    expect(matchItems(['a'], ['a', 'b'])).toEqual([0, undefined]);
  });

  it('counts a line changed in place once', () => {
    expect(changedLines('a\nb\nc\n', 'a\nB\nc\n')).toBe(1);
    expect(changedLines('a\nb\nc\n', 'a\nc\n')).toBe(1);
    expect(changedLines('a\n', 'a\n')).toBe(0);
  });
});

describe('saving any mix of edits', () => {
  /** A small seeded random source, so a failure can be replayed. */
  function random(seed: number) {
    let state = seed;
    return (below: number) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state % below;
    };
  }

  type Json = unknown;
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  /** Every place in a value: the containers (lists and groups) and the leaves. */
  function places(value: Json, at: (string | number)[] = []): { path: (string | number)[]; value: Json }[] {
    const here = { path: at, value };
    if (Array.isArray(value)) return [here, ...value.flatMap((item, index) => places(item, [...at, index]))];
    if (value && typeof value === 'object') return [here, ...Object.entries(value).flatMap(([key, item]) => places(item, [...at, key]))];
    return [here];
  }

  function edit(data: Json, pick: (below: number) => number, original: Json): Json {
    const all = places(data).filter((place) => place.path.length > 0);
    const place = all[pick(all.length)]!;
    const parentPath = place.path.slice(0, -1);
    const parent = places(data).find((p) => p.path.join('\u0000') === parentPath.join('\u0000'))!.value as
      | Record<string | number, Json>
      | Json[];
    const key = place.path.at(-1)!;
    switch (pick(6)) {
      case 5: {
        // put back a field of the original that an earlier edit took out
        const here = new Map(places(data).map((p) => [p.path.join('\u0000'), p.value]));
        const gone = places(original).filter((p) => {
          const parent = here.get(p.path.slice(0, -1).join('\u0000'));
          return typeof p.path.at(-1) === 'string' && isRecord(parent) && !(String(p.path.at(-1)) in parent);
        });
        const back = gone[pick(Math.max(1, gone.length))];
        return back ? setIn(data, back.path, back.value) : data;
      }
      case 0: // change a leaf, or write a text over a group
        return setIn(
          data,
          place.path,
          typeof place.value === 'number' ? place.value * 2 + 1 : `changed ${pick(1000)}: "quoted" #not-a-comment`,
        );
      case 1: // remove a key or a list item
        if (Array.isArray(parent))
          return setIn(
            data,
            parentPath,
            parent.filter((_, index) => index !== key),
          );
        return setIn(data, parentPath, Object.fromEntries(Object.entries(parent).filter(([name]) => name !== key)));
      case 2: // move a list item to the front
        if (Array.isArray(parent)) return setIn(data, parentPath, [parent[key as number], ...parent.filter((_, index) => index !== key)]);
        return setIn(data, [...parentPath, `added${pick(100)}`], { note: 'a new group', list: ['one', 'two'] });
      case 3: // copy a list item to the end
        if (Array.isArray(parent)) return setIn(data, parentPath, [...parent, structuredClone(parent[key as number])]);
        return setIn(data, [...parentPath, `extra${pick(100)}`], 'a new line');
      default: // empty a list or a group
        return setIn(data, place.path, Array.isArray(place.value) ? [] : place.value && typeof place.value === 'object' ? {} : null);
    }
  }

  // The content files the editor's form saves; the record of translations' English is written whole (translations/record.ts).
  it.each(
    yamlFiles(SAMPLE_CONTENT)
      .filter((file) => path.basename(file) !== RECORD_FILE)
      .map((file) => [path.relative(SAMPLE_CONTENT, file), file]),
  )('%s: writes exactly the value asked for after random edits', (_, file) => {
    const source = readFileSync(file, 'utf8');
    const name = path.relative(SAMPLE_CONTENT, file).split(path.sep).join('/');
    const schema = name.startsWith('ml/')
      ? translationSchema(CONTENT_FILES[name.slice(3) as ContentFile])!
      : CONTENT_FILES[name as ContentFile];
    const keyOrder = (at: readonly (string | number)[]) => Object.keys(shapeAt(schema, at) ?? {});
    const comments = (text: string) => lines(text).filter((line) => /^\s*#/.test(line)).length;
    for (let seed = 1; seed <= 40; seed++) {
      const pick = random(seed * 7919 + source.length);
      let value: Json = parse(source);
      const edits = 1 + pick(3);
      const original = parse(source);
      for (let n = 0; n < edits; n++) value = edit(value, pick, original);
      const saved = saveYaml(source, value, { keyOrder });
      expect(parse(saved.text), `seed ${seed}`).toEqual(JSON.parse(JSON.stringify(value)));
      // Then more edits to the saved file, putting back fields it no longer has among them.
      let again: Json = JSON.parse(JSON.stringify(value));
      for (let n = 0; n < 2; n++) again = edit(again, pick, original);
      expect(parse(saveYaml(saved.text, again, { keyOrder }).text), `seed ${seed}, again`).toEqual(JSON.parse(JSON.stringify(again)));
      // Comments go only with a removed list item or group; the file's opening comments always stay.
      expect(saved.text.split(/\n(?!#)/)[0]).toBe(source.split(/\n(?!#)/)[0]);
      expect(comments(saved.text)).toBeLessThanOrEqual(comments(source));
    }
  });
});

describe('a map position typed into an office added in the editor', () => {
  const source = ['contact:', '  geo:', '    latitude: 9.98760', '    longitude: 76.28540', ''].join('\n');
  const typed = new Map([
    [JSON.stringify(['offices', 0, 'geo', 'latitude']), '11.25880'],
    [JSON.stringify(['offices', 0, 'geo', 'longitude']), '76.59330'],
  ]);
  const numberText = (at: readonly (string | number)[]) => typed.get(JSON.stringify(at));
  const office = { id: 'kozhikode', geo: { latitude: 11.2588, longitude: 76.5933 } };

  it('lost a typed trailing zero (76.59330 became 76.5933, "has 4" decimals) where the main office kept it: a new office keeps the digits typed', () => {
    const saved = saveYaml(source, { ...(parse(source) as object), offices: [office] }, { numberText });
    expect(saved.text).toContain('latitude: 11.25880\n');
    expect(saved.text).toContain('longitude: 76.59330\n');
    expect(parse(saved.text).offices).toEqual([office]);
  });

  it('keeps them in an office added to a list that has one already', () => {
    const withOne = `${source}offices:\n  - id: kannur\n    geo:\n      latitude: 11.87450\n      longitude: 75.37040\n`;
    const first = parse(withOne).offices[0];
    const moved = new Map([...typed].map(([at, text]) => [at.replace(',0,', ',1,'), text]));
    const saved = saveYaml(
      withOne,
      { ...(parse(withOne) as object), offices: [first, office] },
      { numberText: (at) => moved.get(JSON.stringify(at)) },
    );
    expect(saved.text).toContain('latitude: 11.25880\n');
    expect(saved.text).toContain('longitude: 76.59330\n');
    expect(saved.text).toContain('longitude: 75.37040\n');
  });
});
