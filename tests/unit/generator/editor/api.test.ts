import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../../../../generator/build.js';
import { uiProblem } from '../../../../generator/editor/content/problems.js';
import { startEditor, type EditorServer } from '../../../helpers/editor-server.js';
import { parseRupees } from '../../../../generator/schema/rupees.js';

let editor: EditorServer;

beforeAll(async () => {
  editor = await startEditor();
});

afterAll(async () => {
  await editor?.close();
});

const filePath = (rel: string) => path.join(editor.contentDir, rel);
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

async function open(rel: string) {
  const answer = await editor.api('GET', `/__edit/api/file?file=${encodeURIComponent(rel)}`);
  expect(answer.status).toBe(200);
  return answer.json();
}

/** What `site check` says about the content with `rel` holding `text`, on a copy of the content folder. */
async function siteCheck(rel: string, text: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'editor-check-'));
  try {
    await cp(editor.contentDir, path.join(dir, 'content'), { recursive: true });
    await writeFile(path.join(dir, 'content', rel), text);
    const checked = await checkContent(path.join(dir, 'content'));
    // In the editor's words where a problem has them (fields, not lines), named by its field.
    return checked.problems
      .filter((p) => p.file === path.join(dir, 'content', rel))
      .map((p) => uiProblem(p, path.join(dir, 'content')))
      .map(({ file: _file, ...p }) => p);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('the editor’s list of files', () => {
  it('lists every content file and its translation with a title and a line about what it holds', async () => {
    const { files, images } = (await editor.api('GET', '/__edit/api/files')).json();
    expect(images).toBe(false);
    const names = files.map((entry: { file: string }) => entry.file);
    expect(names).toContain('services.yaml');
    expect(names).toContain('pages/home.yaml');
    expect(names).toContain('ml/pages/home.yaml');
    const services = files.find((entry: { file: string }) => entry.file === 'services.yaml');
    expect(services).toEqual({
      file: 'services.yaml',
      title: 'Services',
      summary: expect.stringMatching(/^The services the company offers/),
      exists: true,
    });
    const ml = files.find((entry: { file: string }) => entry.file === 'ml/services.yaml');
    expect(ml).toMatchObject({ title: 'Services (Malayalam)', language: 'ml', english: 'services.yaml', exists: true });
    expect(ml.summary).toMatch(/^The Malayalam text of content\/services\.yaml/);
    expect(ml.untranslated).toBe(0);
  });

  it('says how many texts each Malayalam file lacks', async () => {
    const file = filePath('ml/whatsapp.yaml');
    const kept = await readFile(file, 'utf8');
    await writeFile(file, kept.replace(/^greeting:.*\n/m, '').replace(/^ {2}label: .*\n/m, ''));
    try {
      const { files } = (await editor.api('GET', '/__edit/api/files')).json();
      const counts = Object.fromEntries(
        files
          .filter((entry: { language?: string }) => entry.language)
          .map((entry: { file: string; untranslated: number }) => [entry.file, entry.untranslated]),
      );
      expect(counts['ml/whatsapp.yaml']).toBe(2);
      expect(Object.values(counts).reduce((a, b) => Number(a) + Number(b), 0)).toBe(2);
    } finally {
      await writeFile(file, kept);
    }
  });
});

describe('opening a file', () => {
  it('gives its value, version, form and current problems', async () => {
    const opened = await open('services.yaml');
    const bytes = await readFile(filePath('services.yaml'));
    expect(opened.version).toBe(sha256(bytes));
    expect(opened.value).toEqual(parse(bytes.toString()));
    expect(opened.model.kind).toBe('group');
    expect(opened.model.fields[0]).toMatchObject({ key: 'services', kind: 'list' });
    expect(opened.problems).toEqual([]);
    expect(opened.warnings).toEqual([]);
    // The sample's site.yaml still holds sample values: warnings, located at their fields.
    const site = await open('site.yaml');
    expect(site.warnings.length).toBeGreaterThan(0);
    expect(
      site.warnings.every(
        (warning: { code: string; file: string }) => warning.code === 'placeholder' && warning.file === 'content/site.yaml',
      ),
    ).toBe(true);
    expect(opened.pages).toEqual(['/services/', '/', '/contact/']);
    expect((await open('ml/pages/about.yaml')).pages).toEqual(['/ml/about/']);
    expect((await open('ml/pages/not-found.yaml')).pages).toEqual(['/ml/404.html']);
  });

  it('gives a translation its English value and marks what is still missing', async () => {
    const file = filePath('ml/whatsapp.yaml');
    const kept = await readFile(file, 'utf8');
    const value = parse(kept);
    delete value.greeting;
    await writeFile(file, kept.replace(/^greeting:.*\n(?: {2}.*\n)*/m, ''));
    try {
      const opened = await open('ml/whatsapp.yaml');
      expect(opened.english).toEqual(parse(await readFile(filePath('whatsapp.yaml'), 'utf8')));
      expect(opened.value.greeting).toBeUndefined();
      expect(opened.missing).toEqual(['greeting']);
      expect(opened.warnings.map((p: { code: string }) => p.code)).toContain('missing-translation');
      // The form of a translation holds its texts only: no ids or icons.
      const keys = opened.model.fields.map((field: { key: string }) => field.key);
      expect(keys).toContain('greeting');
      const actions = opened.model.fields.find((field: { key: string }) => field.key === 'actions');
      expect(actions.item.fields.map((field: { key: string }) => field.key)).toEqual(['title', 'message']);
    } finally {
      await writeFile(file, kept);
    }
  });
});

describe('a file not there yet', () => {
  it('opens empty with version "", and the first save creates it under its schema line', async () => {
    const file = filePath('ml/whatsapp.yaml');
    const kept = await readFile(file, 'utf8');
    await rm(file);
    try {
      const opened = await open('ml/whatsapp.yaml');
      expect(opened).toMatchObject({ version: '', value: {} });
      expect(opened.english).toEqual(parse(await readFile(filePath('whatsapp.yaml'), 'utf8')));
      expect(opened.problems).toEqual([]);
      expect(opened.warnings.map((p: { code: string }) => p.code)).toEqual(['file-missing']);
      const value = parse(kept);
      const saved = await editor.api('POST', '/__edit/api/save', { file: 'ml/whatsapp.yaml', value, version: '' });
      expect(saved.status).toBe(200);
      const created = await readFile(file, 'utf8');
      expect(created.startsWith('# yaml-language-server: $schema=../../schemas/ml/whatsapp.schema.json\n')).toBe(true);
      expect(parse(created)).toEqual(value);
      expect(saved.json()).toEqual({ version: sha256(created), changedLines: created.split('\n').length - 1 });
      // Creating again is a conflict: the file is there now.
      expect((await editor.api('POST', '/__edit/api/save', { file: 'ml/whatsapp.yaml', value, version: '' })).status).toBe(409);
    } finally {
      await writeFile(file, kept);
    }
  });
});

describe('checking as you type', () => {
  it('answers with site check’s own messages for the file, located in the text a save would write', async () => {
    const source = await readFile(filePath('site.yaml'), 'utf8');
    const value = parse(source);
    value.contact.phone = '98470 12345';
    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'site.yaml', value })).json();
    const expected = await siteCheck('site.yaml', source.replace(/^( {2}phone: ).*$/m, '$1"98470 12345"'));
    expect(expected.length).toBeGreaterThan(0);
    expect(checked.problems).toEqual(expected.map((p) => ({ file: 'content/site.yaml', ...p })));
    expect(checked.problems[0]).toMatchObject({
      path: 'contact.phone',
      code: 'bad-format',
      message: 'Expected an international phone number starting with + and the country code, got "98470 12345".',
    });
    expect(Array.isArray(checked.warnings)).toBe(true);
  });

  it('warns at the field when a text states a fact otherwise than site.yaml, naming the fact to write', async () => {
    const value = parse(await readFile(filePath('pages/about.yaml'), 'utf8'));
    value.hero.title = 'Moving Kerala Families Since 1999';
    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'pages/about.yaml', value })).json();
    expect(checked.problems).toEqual([]);
    expect(checked.warnings).toContainEqual(
      expect.objectContaining({
        file: 'content/pages/about.yaml',
        path: 'hero.title',
        code: 'fact-contradicted',
        message: 'This text says "Since 1999", but site.yaml says otherwise: the company was founded in 2008 (company.foundedYear).',
        hint: 'write "Since ${founded}" instead: the text then always says what site.yaml says',
      }),
    );
  });

  it('finds nothing wrong with a good value, and leaves the file alone', async () => {
    const before = await readFile(filePath('services.yaml'), 'utf8');
    const value = parse(before);
    value.services[0].pricing.starting = 9999;
    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value })).json();
    expect(checked.problems).toEqual([]);
    expect(await readFile(filePath('services.yaml'), 'utf8')).toBe(before);
  });

  it('checks a reference into another file, as site check does', async () => {
    const value = parse(await readFile(filePath('testimonials.yaml'), 'utf8'));
    value.testimonials[0].service = 'flying';
    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'testimonials.yaml', value })).json();
    expect(checked.problems).toHaveLength(1);
    // Paths name list entries as site check does: by their id.
    expect(checked.problems[0]).toMatchObject({ path: `testimonials[${value.testimonials[0].id}].service`, code: 'unknown-reference' });
  });
});

describe('saving', () => {
  it('writes a changed price as one changed line and answers with the new version', async () => {
    const before = await readFile(filePath('services.yaml'), 'utf8');
    const opened = await open('services.yaml');
    const value = structuredClone(opened.value);
    value.services[0].pricing.starting = 10499;
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'services.yaml', value, version: opened.version });
    expect(saved.status).toBe(200);
    const after = await readFile(filePath('services.yaml'), 'utf8');
    expect(saved.json()).toEqual({ version: sha256(after), changedLines: 1 });
    const changed = after.split('\n').filter((line, index) => line !== before.split('\n')[index]);
    expect(changed).toEqual(['      starting: 10499']);
    expect(after.split('\n')).toHaveLength(before.split('\n').length);
    // The dev server sees the saved file as it sees any edit, and the site's page shows the new price.
    while (!(await editor.api('GET', '/services/')).text.includes('₹10,499')) await new Promise((resolve) => setTimeout(resolve, 50));
  });

  it('lets only the first of two saves made to the same version through', async () => {
    const opened = await open('pages/about.yaml');
    const one = structuredClone(opened.value);
    one.hero.title = 'First tab';
    const two = structuredClone(opened.value);
    two.hero.title = 'Second tab';
    const answers = await Promise.all(
      [one, two].map((value) => editor.api('POST', '/__edit/api/save', { file: 'pages/about.yaml', value, version: opened.version })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const winner = answers[0]!.status === 200 ? 'First tab' : 'Second tab';
    expect(parse(await readFile(filePath('pages/about.yaml'), 'utf8')).hero.title).toBe(winner);
  });

  it('refuses a save over a file changed on disk since it was opened (409), writing nothing', async () => {
    const opened = await open('whatsapp.yaml');
    const changedOutside = (await readFile(filePath('whatsapp.yaml'), 'utf8')).replace(/^title: .*$/m, 'title: Changed in a text editor');
    await writeFile(filePath('whatsapp.yaml'), changedOutside);
    const value = structuredClone(opened.value);
    value.subtitle = 'From the editor';
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'whatsapp.yaml', value, version: opened.version });
    expect(saved.status).toBe(409);
    expect(saved.json().message).toMatch(/changed outside the editor.*Reload/s);
    expect(await readFile(filePath('whatsapp.yaml'), 'utf8')).toBe(changedOutside);
  });

  it('refuses a save that would make the content invalid (422) with site check’s messages, writing nothing', async () => {
    const before = await readFile(filePath('site.yaml'));
    const opened = await open('site.yaml');
    const value = structuredClone(opened.value);
    value.contact.phone = 'call us';
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'site.yaml', value, version: opened.version });
    expect(saved.status).toBe(422);
    const expected = await siteCheck('site.yaml', before.toString().replace(/^( {2}phone: ).*$/m, '$1call us'));
    expect(saved.json().problems).toEqual(expected.map((p) => ({ file: 'content/site.yaml', ...p })));
    expect(await readFile(filePath('site.yaml'))).toEqual(before);
  });

  it('ends a placeholder when its sample is replaced: the PLACEHOLDER comment goes, the warning with it, in the editor’s words until then', async () => {
    const opened = await open('site.yaml');
    const warned = opened.warnings.find((p: { path: string }) => p.path === 'company.name');
    expect(warned).toMatchObject({ code: 'placeholder', message: 'Replace the sample value in Company › Name with the company’s own.' });
    expect(warned.message).not.toMatch(/line/);
    const value = structuredClone(opened.value);
    value.company.name = 'Periyar Packers';
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'site.yaml', value, version: opened.version });
    expect(saved.status).toBe(200);
    const after = await readFile(filePath('site.yaml'), 'utf8');
    expect(after).toContain('  name: Periyar Packers');
    expect(after).not.toContain('replace with the real company name');
    expect(after).toContain('# PLACEHOLDER: replace with the real phone number');
    expect(saved.json().changedLines).toBe(2);
    const reopened = await open('site.yaml');
    expect(reopened.warnings.map((p: { path: string }) => p.path)).not.toContain('company.name');
    expect(reopened.warnings.map((p: { path: string }) => p.path)).toContain('contact.phone');
  });

  it('saves an unchanged value without touching the bytes, and adds, removes and moves list items', async () => {
    const before = await readFile(filePath('pages/home.yaml'), 'utf8');
    const opened = await open('pages/home.yaml');
    const same = await editor.api('POST', '/__edit/api/save', { file: 'pages/home.yaml', value: opened.value, version: opened.version });
    expect(same.json()).toEqual({ version: opened.version, changedLines: 0 });
    expect(await readFile(filePath('pages/home.yaml'), 'utf8')).toBe(before);

    const value = structuredClone(opened.value);
    const steps = value.howItWorks.steps;
    value.howItWorks.steps = [steps[1], steps[0], ...steps.slice(2, -1), { title: 'Settle in', desc: 'We take the boxes away.' }];
    const saved = await editor.api('POST', '/__edit/api/save', { file: 'pages/home.yaml', value, version: opened.version });
    expect(saved.status).toBe(200);
    expect(parse(await readFile(filePath('pages/home.yaml'), 'utf8'))).toEqual(value);
  });
});

describe('a file with a YAML mistake', () => {
  it('opens as its text with the mistake located in plain words, is refused while still broken, and saves once mended', async () => {
    const good = await readFile(filePath('whatsapp.yaml'), 'utf8');
    const broken = good.replace(/^title: (.*)$/m, 'title: "$1');
    await writeFile(filePath('whatsapp.yaml'), broken);
    try {
      const opened = await open('whatsapp.yaml');
      expect(opened.value).toBeNull();
      expect(opened.text).toBe(broken);
      const line = broken.split('\n').findIndex((row) => row.startsWith('title: "')) + 1;
      expect(opened.problems[0]).toMatchObject({ code: 'yaml-syntax', line });
      expect(opened.problems[0].message).toMatch(/quote/i);

      const still = await editor.api('POST', '/__edit/api/save-text', {
        file: 'whatsapp.yaml',
        text: `${broken}\n# a note`,
        version: opened.version,
      });
      expect(still.status).toBe(422);
      expect(still.json().problems[0]).toMatchObject({ code: 'yaml-syntax', line });
      expect(await readFile(filePath('whatsapp.yaml'), 'utf8')).toBe(broken);

      const mended = await editor.api('POST', '/__edit/api/save-text', { file: 'whatsapp.yaml', text: good, version: opened.version });
      expect(mended.status).toBe(200);
      expect(await readFile(filePath('whatsapp.yaml'), 'utf8')).toBe(good);
      const again = await open('whatsapp.yaml');
      expect(again.value).toEqual(parse(good));
      expect(again.text).toBeUndefined();
    } finally {
      await writeFile(filePath('whatsapp.yaml'), good);
    }
  });
});

describe('the editor’s words', () => {
  it('speak of fields, not lines: a required field left out, a text emptied, a number that cannot be read', async () => {
    const opened = await open('testimonials.yaml');
    const value = structuredClone(opened.value);
    delete value.testimonials[0].rating;
    value.testimonials[0].comment = null;
    const checked = (await editor.api('POST', '/__edit/api/check', { file: 'testimonials.yaml', value })).json();
    const rating = checked.problems.find((p: { path: string }) => p.path.endsWith('rating'));
    expect(rating.message).toMatch(/^Testimonial 1 › Rating is required: fill it in with/);
    const comment = checked.problems.find((p: { path: string }) => p.path.endsWith('comment'));
    for (const problem of checked.problems)
      expect(`${problem.message} ${problem.hint ?? ''}`).not.toMatch(/colon|add a line|the line|quotes/);
    expect(comment.hint).toMatch(/type the text in the box/);

    const services = await open('services.yaml');
    const priced = structuredClone(services.value);
    priced.services[0].pricing.starting = '12.999';
    const price = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value: priced })).json().problems[0];
    expect(price.message).toBe('Service 1 › Pricing › Starting needs a whole number of rupees; "12.999" cannot be read as one.');
    expect(price.hint).toMatch(/12999$/);

    // 0 is read, and refused for what it is: no price is free.
    priced.services[0].pricing.starting = parseRupees('0') ?? '0';
    const free = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value: priced })).json().problems[0];
    expect(free.message).toBe('Service 1 › Pricing › Starting needs a whole number of rupees more than 0; it is 0.');
  });

  it('say a box left empty is empty: a new service’s id and icon, not “got the text ""” and every icon’s name', async () => {
    const services = await open('services.yaml');
    const added = structuredClone(services.value);
    added.services.push({ ...structuredClone(added.services[0]), id: '', icon: '' });
    const problems = (await editor.api('POST', '/__edit/api/check', { file: 'services.yaml', value: added })).json().problems as Array<{
      path: string;
      message: string;
      hint?: string;
    }>;
    const last = added.services.length;
    const id = problems.find((p) => p.path === `services[${last}].id`)!;
    const icon = problems.find((p) => p.path === `services[${last}].icon`)!;
    expect(id.message).toMatch(new RegExp(`^Service ${last} › Id is required: fill it in with`));
    expect(icon.message).toMatch(new RegExp(`^Service ${last} › Icon is required: fill it in with`));
    for (const problem of [id, icon])
      expect(`${problem.message} ${problem.hint ?? ''}`).not.toMatch(/got the text|icons the site can draw/);
  });
});

describe('drafts and the preview', () => {
  it('shows an unsaved price on the preview page only, until the draft is dropped', async () => {
    const value = parse(await readFile(filePath('services.yaml'), 'utf8'));
    value.services[1].pricing.starting = 123456;
    expect((await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value })).json()).toEqual({ ok: true });
    const preview = await editor.api('GET', '/__edit/preview/services/');
    expect(preview.status).toBe(200);
    expect(preview.text).toContain('₹1,23,456');
    // Its own links and files stay inside the preview.
    expect(preview.text).toMatch(/href="\/__edit\/preview\/contact\/"/);
    expect(preview.text).not.toMatch(/\shref="\/(?!__edit|\/)/);
    const live = await editor.api('GET', '/services/');
    expect(live.text).not.toContain('₹1,23,456');
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec(preview.text)![1]!;
    expect((await editor.api('GET', stylesheet)).status).toBe(200);
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value: null });
    expect((await editor.api('GET', '/__edit/preview/services/')).text).not.toContain('₹1,23,456');
  });

  it('shows the problems overlay for an invalid draft, and answers the 404 page', async () => {
    const stylesheet = /<link rel="stylesheet" href="([^"]+)"/.exec((await editor.api('GET', '/__edit/preview/')).text)![1]!;
    const value = parse(await readFile(filePath('services.yaml'), 'utf8'));
    value.services[0].pricing.starting = 'a lot';
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value });
    // A page still loading its stylesheet when the next draft turns out invalid gets the stylesheet.
    const style = await editor.api('GET', stylesheet);
    expect([style.status, style.headers['content-type']]).toEqual([200, 'text/css; charset=utf-8']);
    const preview = await editor.api('GET', '/__edit/preview/');
    expect(preview.status).toBe(500);
    expect(preview.text).toContain('The site cannot be built');
    expect(preview.text).toContain(`services[${value.services[0].id}].pricing.starting`);
    expect(preview.text).toContain('Expected a whole number of rupees, got the text &quot;a lot&quot;.');
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value: null });
    const notFound = await editor.api('GET', '/__edit/preview/404.html');
    expect(notFound.status).toBe(200);
    expect((await editor.api('GET', '/__edit/preview/ml/')).status).toBe(200);
  });

  it('shows a photo uploaded a moment ago in the preview before the file naming it is saved', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a6' } })
      .jpeg()
      .toBuffer();
    const uploaded = await editor.api('POST', '/__edit/api/upload?name=crew-at-work.jpg', photo, { 'content-type': 'image/jpeg' });
    expect(uploaded.status).toBe(201);
    const value = parse(await readFile(filePath('services.yaml'), 'utf8'));
    value.services[0].image = { src: uploaded.json().src, alt: 'Our crew carrying a sofa' };
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value });
    // Until the Malayalam description is written, the Malayalam page describes the photo in English, marked so.
    expect((await editor.api('GET', '/__edit/preview/ml/services/')).text).toMatch(/<img lang="en"[^>]*alt="Our crew carrying a sofa"/);
    const ml = parse(await readFile(filePath('ml/services.yaml'), 'utf8'));
    ml.services[0].image = { alt: 'സോഫ ചുമന്നുകൊണ്ടുപോകുന്ന ഞങ്ങളുടെ ടീം' };
    await editor.api('POST', '/__edit/api/draft', { file: 'ml/services.yaml', value: ml });
    expect((await editor.api('GET', '/__edit/preview/ml/services/')).text).toMatch(/<img[^>]*alt="സോഫ ചുമന്നുകൊണ്ടുപോകുന്ന ഞങ്ങളുടെ ടീം"/);
    const preview = await editor.api('GET', '/__edit/preview/services/');
    const img = /<img[^>]*alt="Our crew carrying a sofa"[^>]*>/.exec(preview.text)?.[0];
    expect(img).toBeDefined();
    const src = /\ssrc="([^"]+)"/.exec(img!)![1]!;
    expect(src.startsWith('/__edit/preview/')).toBe(true);
    const served = await editor.api('GET', src);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\//);
    await editor.api('POST', '/__edit/api/draft', { file: 'services.yaml', value: null });
    await editor.api('POST', '/__edit/api/draft', { file: 'ml/services.yaml', value: null });
  });
  it('drew the stock mark in the preview where the built site shows the company’s logo: the preview’s header shows the logo uploaded and named in a draft', async () => {
    const logo = await sharp({ create: { width: 600, height: 600, channels: 4, background: '#c0392b' } })
      .png()
      .toBuffer();
    const uploaded = await editor.api('POST', '/__edit/api/upload?name=our-logo.png', logo, { 'content-type': 'image/png' });
    expect(uploaded.status).toBe(201);
    const before = await editor.api('GET', '/__edit/preview/');
    expect(before.text).not.toMatch(/class="logo-mark" src=/);
    const value = parse(await readFile(filePath('site.yaml'), 'utf8'));
    value.brand = { ...value.brand, logo: uploaded.json().src };
    await editor.api('POST', '/__edit/api/draft', { file: 'site.yaml', value });
    const preview = await editor.api('GET', '/__edit/preview/');
    const src = /<img class="logo-mark" src="([^"]+)"/.exec(preview.text)?.[1];
    expect(src).toMatch(/^\/__edit\/preview\/assets\/logo\.[0-9a-f]+\.png$/);
    const served = await editor.api('GET', src!);
    expect([served.status, served.headers['content-type']]).toEqual([200, 'image/png']);
    await editor.api('POST', '/__edit/api/draft', { file: 'site.yaml', value: null });
  });

  it('offers the logo as a picture to upload or pick, as a photo, named by its file alone', async () => {
    const { model } = await open('site.yaml');
    const brand = model.fields.find((field: { key: string }) => field.key === 'brand');
    const logo = brand.fields.find((field: { key: string }) => field.key === 'logo');
    expect(logo).toMatchObject({ kind: 'photo', srcOnly: true, required: false });
  });
});
