import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldName, formModel, labelFor, type FieldModel } from '../../../../generator/editor/form-model.js';
import { checkContent } from '../../../../generator/build.js';
import { contentWithFixture } from '../../../helpers/content.js';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { iconSvg } from '../../../../generator/editor/icons.js';
import { CONTENT_FILES, type ContentFile } from '../../../../generator/schema/index.js';
import { serviceSchema, servicesSchema } from '../../../../generator/schema/services.js';
import { translationSchema } from '../../../../generator/schema/derived/translation-schema.js';

type Json = Record<string, unknown>;

/**
 * The dot path of every value a file can hold, read from its JSON Schema (an independent reading
 * of the zod schema): list items as [], e.g. services[].pricing.starting.
 */
function schemaLeaves(json: Json, at = ''): string[] {
  const definitions = (json.definitions ?? json.$defs ?? {}) as Record<string, Json>;
  const resolve = (node: Json): Json => (typeof node.$ref === 'string' ? resolve(definitions[node.$ref.split('/').pop()!]!) : node);
  const walk = (raw: Json, path: string): string[] => {
    const node = resolve(raw);
    const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
    if (variants && !node.properties && !node.items) {
      const inner = variants.map(resolve).filter((variant) => variant.type !== 'null');
      if (inner.length === 1) return walk(inner[0]!, path);
    }
    if (node.properties)
      return Object.entries(node.properties as Record<string, Json>).flatMap(([key, value]) => walk(value, path ? `${path}.${key}` : key));
    if (node.items) return walk(node.items as Json, `${path}[]`);
    return [path];
  };
  return walk(json, at);
}

/** The dot path of every field the form model shows; a photo is one field holding src and alt (or, for the logo, its file alone). */
function modelLeaves(model: FieldModel, at = ''): string[] {
  if (model.kind === 'group') return model.fields.flatMap((field) => modelLeaves(field, at ? `${at}.${field.key}` : field.key));
  if (model.kind === 'list') return modelLeaves(model.item, `${at}[]`);
  if (model.kind === 'photo') return model.srcOnly ? [at] : [`${at}.src`, `${at}.alt`];
  return [at];
}

function fieldAt(model: FieldModel, path: string): FieldModel {
  let current = model;
  for (const part of path.split('.')) {
    for (const step of part.split(/(?=\[\])/)) {
      if (step === '[]') {
        if (current.kind !== 'list') throw new Error(`${path}: not a list at ${step}`);
        current = current.item;
      } else {
        if (current.kind !== 'group') throw new Error(`${path}: not a group at ${step}`);
        const found = current.fields.find((field) => field.key === step);
        if (!found) throw new Error(`${path}: no field ${step}`);
        current = found;
      }
    }
  }
  return current;
}

const files = Object.keys(CONTENT_FILES) as ContentFile[];

describe('the form model generated from the content schemas', () => {
  it.each(files)('covers every field of %s and of its translation', (name) => {
    const schema = CONTENT_FILES[name];
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
    expect(schemaLeaves(json).length).toBeGreaterThan(3);
    expect(modelLeaves(formModel(schema)).sort()).toEqual(schemaLeaves(json).sort());
    const translation = translationSchema(schema);
    if (translation) {
      const translated = z.toJSONSchema(translation as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
      // A translated list item's id (which English item it translates) is kept as written, not shown.
      const shown = schemaLeaves(translated).filter((leaf) => !leaf.endsWith('[].id'));
      expect(modelLeaves(formModel(translation)).sort()).toEqual(shown.sort());
    }
  });

  it('shows a field added to a schema, with no editor code changed', () => {
    const extended = z.strictObject({
      services: z
        .array(serviceSchema.extend({ crewSize: z.number().int().min(2).max(20).meta({ description: 'How many movers go' }) }))
        .min(1),
    });
    const crew = fieldAt(formModel(extended), 'services[].crewSize');
    expect(crew).toEqual({
      key: 'crewSize',
      label: 'Crew size',
      help: 'How many movers go.',
      required: true,
      kind: 'number',
      min: 2,
      max: 20,
      step: 1,
    });
    expect(() => fieldAt(formModel(servicesSchema), 'services[].crewSize')).toThrow(/no field crewSize/);
  });

  it('gives each kind of value its control', () => {
    const services = formModel(CONTENT_FILES['services.yaml'], { services: [{ id: 'residential', title: 'Residential Moving' }], iconSvg });
    expect(fieldAt(services, 'services[].pricing.starting').kind).toBe('price');
    expect(fieldAt(services, 'services[].fullDescription').kind).toBe('longtext');
    expect(fieldAt(services, 'services[].title').kind).toBe('text');
    expect(fieldAt(services, 'services[].image')).toMatchObject({ kind: 'photo', required: false });
    const list = fieldAt(services, 'services');
    expect(list).toMatchObject({ kind: 'list', minItems: 1, label: 'Services', item: { label: 'Service', kind: 'group' } });
    const icon = fieldAt(services, 'services[].icon');
    expect(icon.kind).toBe('select');
    const home = icon.kind === 'select' ? icon.options.find((option) => option.value === 'home') : undefined;
    expect(home?.svg).toMatch(/^<svg[^>]*>.*<\/svg>$/s);
    const reviews = formModel(CONTENT_FILES['testimonials.yaml'], { services: [{ id: 'residential', title: 'Residential Moving' }] });
    expect(fieldAt(reviews, 'testimonials[].date').kind).toBe('date');
    expect(fieldAt(reviews, 'testimonials[].service')).toMatchObject({
      kind: 'select',
      options: [{ value: 'residential', label: 'Residential Moving (residential)' }],
    });
    expect(fieldAt(reviews, 'testimonials[].rating')).toMatchObject({ kind: 'number', min: 1, max: 5, step: 1 });
    const site = formModel(CONTENT_FILES['site.yaml']);
    expect(fieldAt(site, 'contact.phone').kind).toBe('phone');
    expect(fieldAt(site, 'contact.email').kind).toBe('email');
    expect(fieldAt(site, 'contact.mapEmbedUrl').kind).toBe('url');
    expect(fieldAt(site, 'contact.address.locality').required).toBe(false);
    expect(fieldAt(site, 'contact.address.postalCode')).toMatchObject({ kind: 'text', placeholder: '682024' });
    expect(fieldAt(site, 'seo.locale')).toMatchObject({ kind: 'select', options: [{ value: 'en_IN', label: 'en_IN' }] });
    const layout = formModel(CONTENT_FILES['layout.yaml']);
    expect(fieldAt(layout, 'footer.newsletter.enabled').kind).toBe('boolean');
    // Without the list of services, a service id is typed.
    expect(fieldAt(layout, 'footer.services[]').kind).toBe('text');
  });

  it('labels fields in words, with help from the schema', () => {
    expect(labelFor('shortDesc')).toBe('Short description');
    expect(labelFor('id')).toBe('Id');
    expect(labelFor('openingHours')).toBe('Opening hours');
    const services = formModel(CONTENT_FILES['services.yaml']);
    expect(fieldAt(services, 'services[].shortDesc')).toMatchObject({
      label: 'Short description',
      help: 'One or two sentences for cards and lists.',
      required: true,
    });
    expect(fieldAt(services, 'services[].formLabel').required).toBe(false);
    // A form needs no YAML advice ("write the text after the colon", "in quotes").
    expect(fieldAt(services, 'services[].tagline').help).toBeUndefined();
    expect(fieldAt(services, 'services[].idealFor').help).toBe('A list of texts.');
    const site = formModel(CONTENT_FILES['site.yaml']);
    expect(fieldAt(site, 'contact.address.postalCode').help).toBe('A six-digit PIN code. Type the six digits, e.g. 682024.');
    expect(fieldAt(site, 'company.foundedYear')).toMatchObject({ help: 'A year.', placeholder: '2008' });
  });
});

describe('labels write names as their owners do', () => {
  it('labelled the WhatsApp number "Whatsapp" and the GST number "Gstin", which read as typos to an owner', () => {
    expect(labelFor('whatsapp')).toBe('WhatsApp');
    expect(labelFor('gstin')).toBe('GSTIN');
    expect(fieldName('business.gstin')).toBe('Business › GSTIN');
    expect(fieldName('contact.whatsapp')).toBe('Contact › WhatsApp');
    const site = formModel(CONTENT_FILES['site.yaml']);
    expect(fieldAt(site, 'contact.whatsapp').label).toBe('WhatsApp');
  });

  it('labelled a link’s address "Href", a word of HTML, where a web address is labelled "Address"', () => {
    expect(labelFor('href')).toBe('Address');
    expect(fieldName('hero.cta.href')).toBe('Hero › Call to action › Address');
  });
});

describe('problem links name list entries as the form labels them', () => {
  it('named entries one too high ("Social 2 › Address" on entry 1, "Services › Item 4" on the card labelled Item 3): the check counts from 1 already', () => {
    expect(fieldName('social[1].url')).toBe('Social 1 › Address');
    expect(fieldName('offices[1].geo.longitude')).toBe('Office 1 › Map position › Longitude');
    expect(fieldName('services.items[3].service')).toBe('Services › Item 3 › Service');
    expect(fieldName('services[office].title')).toBe('Service “office” › Title');
  });

  it('named an office by its id (“Office “kozhikode” › Map position”) where the form labels it Office 1: an entry with an id is named by its place in the file’s value', () => {
    const data = { offices: [{ id: 'kozhikode', geo: {} }, { id: 'kannur' }], services: [{ id: 'a' }] };
    expect(fieldName('offices[kozhikode].geo.latitude', data)).toBe('Office 1 › Map position › Latitude');
    expect(fieldName('offices[kannur].id', data)).toBe('Office 2 › Id');
    expect(fieldName('services[gone].title', data)).toBe('Service “gone” › Title');
  });

  it('names the entry the check located: the first social link’s address is "Social 1 › Address"', async () => {
    const dir = await contentWithFixture();
    try {
      const site = path.join(dir, 'content', 'site.yaml');
      const text = await readFile(site, 'utf8');
      await writeFile(site, text.replace('url: https://www.facebook.com/example-movers', 'url: not an address'));
      const checked = await checkContent(path.join(dir, 'content'));
      const social = checked.problems.find((problem) => problem.path.startsWith('social['));
      expect(social?.path).toMatch(/^social\[1\]/);
      expect(fieldName(social!.path)).toMatch(/^Social 1 › /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the help the form gives speaks of fields, and its examples fit each field', () => {
  const models = Object.fromEntries((Object.keys(CONTENT_FILES) as ContentFile[]).map((file) => [file, formModel(CONTENT_FILES[file])]));

  it('spoke YAML (“write the six digits in quotes”, “in quotes: "08:00"”): the PIN code and the opening times say what to type in the box, without quotes', () => {
    const pin = fieldAt(models['site.yaml']!, 'contact.address.postalCode');
    expect(pin.help).toBe('A six-digit PIN code. Type the six digits, e.g. 682024.');
    expect(pin.placeholder).toBe('682024');
    const opens = fieldAt(models['site.yaml']!, 'offices[].openingHours.opens');
    expect(opens.help).toBe('A 24-hour time such as 08:00. Type two digits for the hour and two for the minutes, e.g. 08:00.');
    const texts = JSON.stringify(models);
    expect(texts).not.toMatch(/in quotes/i);
  });

  it('gave every id the example “long-distance”, offices and reviews too: each list’s id has an example of its own kind', () => {
    const example = (file: ContentFile, path: string) => fieldAt(models[file]!, path).placeholder;
    expect(example('services.yaml', 'services[].id')).toBe('long-distance');
    expect(example('site.yaml', 'offices[].id')).toBe('kannur');
    expect(example('testimonials.yaml', 'testimonials[].id')).toBe('priya-nair');
    expect(example('whatsapp.yaml', 'actions[].id')).toBe('call-back');
    expect(example('site.yaml', 'stats[].id')).toBe('happy-moves');
  });

  it('named Google alone for the map: the map’s help says OpenStreetMap’s embed is taken too, as the check takes it', () => {
    const map = fieldAt(models['site.yaml']!, 'contact.mapEmbedUrl');
    expect(map.help).toMatch(/Google Maps or OpenStreetMap/);
    expect(fieldAt(models['site.yaml']!, 'contact.geo').help).toMatch(/OpenStreetMap/);
  });

  it('told the owner to "right-click" in Google Maps, which a phone cannot do: the map position says how on a phone and on a computer', () => {
    const texts = JSON.stringify(models);
    const saidForBoth = texts.split('touch and hold the office on a phone (right-click it on a computer)').length - 1;
    expect(saidForBoth).toBeGreaterThan(0);
    expect(texts.split('right-click').length - 1).toBe(saidForBoth);
    expect(fieldAt(models['site.yaml']!, 'contact.geo').help).toMatch(
      /touch and hold the office on a phone \(right-click it on a computer\)/,
    );
  });

  it('squashed a pasted pair into the latitude: both of a map position’s numbers are marked as such, so a pair pasted into either fills both', () => {
    for (const at of ['contact.geo', 'offices[].geo']) {
      expect(fieldAt(models['site.yaml']!, `${at}.latitude`)).toMatchObject({ kind: 'number', coordinate: 'latitude', min: -90, max: 90 });
      expect(fieldAt(models['site.yaml']!, `${at}.longitude`)).toMatchObject({ kind: 'number', coordinate: 'longitude' });
    }
    expect(fieldAt(formModel(CONTENT_FILES['testimonials.yaml']), 'testimonials[].rating')).not.toHaveProperty('coordinate');
  });
});
