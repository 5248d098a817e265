import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { describe, expect, it } from 'vitest';
import { previewPhotos } from '../../../../editor/phone/preview-photos.js';
import { addressIn, renderPreview } from '../../../../editor/phone/preview-render.js';
import { siteFromTexts } from '../../../../editor/phone/preview-site.js';
import { withTyped } from '../../../../editor/phone/preview.js';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';

/** The sample's content files as the phone holds them: texts by name in the content folder. */
function sampleTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const entry of readdirSync(SAMPLE_CONTENT, { recursive: true, encoding: 'utf8' })) {
    if (/\.ya?ml$/.test(entry)) texts.set(entry.split(path.sep).join('/'), readFileSync(path.join(SAMPLE_CONTENT, entry), 'utf8'));
  }
  return texts;
}

const NOW = new Date('2026-01-01T00:00:00Z');
const NO_PHOTOS = previewPhotos({}, new Map());

function pagesOf(texts: Map<string, string>) {
  const made = siteFromTexts(texts, NOW);
  if ('problems' in made) throw new Error(made.problems.map((problem) => `${problem.file}: ${problem.message}`).join('\n'));
  return renderPreview(made.site, NO_PHOTOS, undefined, NOW).pages;
}

describe('the phone’s preview', () => {
  it('renders the services page with a price saved on the phone, in English and in Malayalam', () => {
    const texts = sampleTexts();
    texts.set('services.yaml', texts.get('services.yaml')!.replace('starting: 8999', 'starting: 7777'));
    const pages = pagesOf(texts);
    const english = pages.get('/services/')!;
    const malayalam = pages.get(addressIn('/services/', 'ml'))!;
    expect(english).toContain('7,777');
    expect(english).not.toContain('8,999');
    expect(english).toContain('Moving Services for Every Need');
    expect(english).toMatch(/<html lang="en-IN"/);
    expect(malayalam).toContain('7,777');
    expect(malayalam).not.toContain('8,999');
    expect(malayalam).toContain('ഏത് ആവശ്യത്തിനും ഷിഫ്റ്റിംഗ് സേവനം');
    expect(malayalam).toMatch(/<html lang="ml/);
  });

  it('shows a change to the company details on the home page of both languages', () => {
    const texts = sampleTexts();
    texts.set('site.yaml', texts.get('site.yaml')!.replace('name: Example Movers & Packers', 'name: Backwater Movers'));
    const pages = pagesOf(texts);
    expect(pages.get('/')).toContain('Backwater Movers');
    expect(pages.get(addressIn('/', 'ml'))).toContain('Backwater Movers');
    expect(addressIn('/ml/', '')).toBe('/');
  });

  it('carries no script and no style of its own: the frame runs nothing and the editor gives it the stylesheet', () => {
    for (const [address, html] of pagesOf(sampleTexts())) {
      expect(html, address).not.toMatch(/<script\b|<style\b|\sstyle=/);
    }
  });

  it('draws a price typed and not saved yet, as a save would write it into its file', () => {
    const texts = sampleTexts();
    const value = parseDocument(texts.get('services.yaml')!).toJS() as { services: Array<{ pricing: { starting: number } }> };
    value.services[0]!.pricing.starting = 7777;
    const laid = withTyped(texts, { 'services.yaml': { value, numbers: [] } });
    expect(laid.get('services.yaml')).toContain('starting: 7777');
    // The rest of the file is as saved: its comments are still there.
    expect(
      laid
        .get('services.yaml')!
        .split('\n')
        .filter((line) => line.trim().startsWith('#')),
    ).toEqual(
      texts
        .get('services.yaml')!
        .split('\n')
        .filter((line) => line.trim().startsWith('#')),
    );
    const page = pagesOf(new Map(laid)).get('/services/')!;
    expect(page).toContain('7,777');
    expect(page).not.toContain('8,999');
  });

  it('draws a service’s id typed anew with the files that name it renamed too, as the save will', () => {
    const texts = sampleTexts();
    const value = parseDocument(texts.get('services.yaml')!).toJS() as { services: Array<{ id: string }> };
    value.services[0]!.id = 'house-shifting';
    const laid = withTyped(texts, { 'services.yaml': { value, numbers: [] } });
    expect(laid.get('pages/home.yaml')).toContain('service: house-shifting');
    expect(pagesOf(new Map(laid)).get('/')).toContain('/services/#house-shifting');
  });

  it('leaves a file as saved when what was typed names no file the editor has', () => {
    const texts = sampleTexts();
    expect(withTyped(texts, { 'notes.yaml': { value: { a: 1 }, numbers: [] } })).toEqual(texts);
  });

  it('says which problem, where, keeps the site from being drawn', () => {
    const texts = sampleTexts();
    texts.set('services.yaml', texts.get('services.yaml')!.replace('starting: 8999', 'starting: "8,999"'));
    const made = siteFromTexts(texts, NOW);
    expect('problems' in made && made.problems[0]).toMatchObject({ file: 'content/services.yaml', line: 38 });
  });

  it('shows a published photo from the file its build wrote, and one added on the phone from the phone', () => {
    const texts = sampleTexts();
    const services = parseDocument(texts.get('services.yaml')!);
    services.setIn(['services', 0, 'image'], { src: 'images/Crew Van.jpg', alt: 'Our crew loading a van' });
    services.setIn(['services', 1, 'image'], { src: 'images/new-truck.jpg', alt: 'Our new truck' });
    services.setIn(['services', 2, 'image'], { src: 'images/elsewhere.jpg', alt: 'A photo not at hand' });
    texts.set('services.yaml', String(services));
    const made = siteFromTexts(texts, NOW);
    if ('problems' in made) throw new Error(made.problems.map((problem) => problem.message).join('\n'));
    // The build's list of what it wrote (_editor/photos.json), the same whichever page shows the photo.
    const published = {
      'images/Crew Van.jpg': {
        thumbnail: '/assets/photos/crew-van-320.0123456789.jpg',
        preview: '/assets/photos/crew-van-640.abcdef0123.jpg',
        width: 1280,
        height: 853,
      },
    };
    const phone = new Map([['new-truck.jpg', { url: 'blob:http://localhost/1', width: 1280, height: 960 }]]);
    const html = renderPreview(made.site, previewPhotos(published, phone), undefined, NOW).pages.get('/services/')!;
    // Checked as booleans: a failure would otherwise print the whole page.
    expect(
      /<img src="\/assets\/photos\/crew-van-640\.abcdef0123\.jpg"[^>]*width="1280" height="853"/.test(html),
      'the published photo',
    ).toBe(true);
    expect(html.includes('<img src="blob:http://localhost/1"'), 'the phone’s photo').toBe(true);
    expect(/<img src="data:image\/svg\+xml,[^"]+"[^>]*alt="A photo not at hand"/.test(html), 'a grey box').toBe(true);
  });
});
