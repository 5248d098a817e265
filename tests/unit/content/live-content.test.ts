import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, checkContent } from '../../../generator/build.js';
import { brokenRules, rupeesText } from '../../helpers/content-rules.js';
import { FIXTURES, LIVE_CONTENT, SAMPLE_CONTENT } from '../../helpers/content.js';
import { applyMonthOfEdits } from '../../helpers/operator-edits.js';

const STRANGER = path.join(FIXTURES, 'stranger/content');

/**
 * The operator's own content/: whatever it says, the site built from it must give visitors what
 * the content promises. Every expectation is read from the content, so editing a price, a name
 * or the number of services never fails this test; only a site that lost something does.
 */
describe('the site built from content/', () => {
  it('shows every service, price, review, figure and link the content holds', async () => {
    const built = await build({ contentDir: LIVE_CONTENT });
    expect(brokenRules(built)).toEqual([]);
  });
});

describe('the content rules themselves', () => {
  it('notice a page that lost a price, a review or a link target', async () => {
    const built = await build({ contentDir: SAMPLE_CONTENT });
    const service = built.site.services[0]!;
    const review = built.site.testimonials[0]!;
    const tamper = (file: string, change: (html: string) => string) => {
      const target = built.files.find((f) => f.path === file)!;
      target.contents = change(String(target.contents));
    };
    tamper('services/index.html', (html) => html.replace(rupeesText(service.pricing.starting), '₹0'));
    tamper('index.html', (html) => html.replaceAll(review.name, 'Someone'));
    tamper('about/index.html', (html) => html.replace('href="/contact', 'href="/contact-us'));
    tamper('ml/services/index.html', (html) =>
      html.replace(rupeesText(service.pricing.starting), '₹0').replace('<html lang="ml"', '<html lang="en"'),
    );
    expect(brokenRules(built)).toEqual([
      `/services, the ${service.id} card, does not show "${rupeesText(service.pricing.starting)}".`,
      `The home page (review ${review.id}) does not show "${review.name}".`,
      'ml/services/index.html is not marked lang="ml".',
      `/services, the ${service.id} card, does not show "${rupeesText(service.pricing.starting)}".`,
      'about/index.html links to /contact-us/, which the build does not have.',
    ]);
  });
});

/**
 * Another company's content, frozen (tests/fixtures/stranger/content): its own name, phone and
 * GSTIN, eight services among them a "Two-Wheeler Shifting" of id two-wheeler, five reviews,
 * other prices, the Malayalam half written, and the PLACEHOLDER comments left above its real
 * values. The rules and a month of edits hold on it as they must on any owner's content.
 */
describe('another company’s content', () => {
  it('passes site check --strict and every content rule', async () => {
    const checked = await checkContent(STRANGER, { strict: true });
    expect(checked.problems).toEqual([]);
    expect(brokenRules(await build({ contentDir: STRANGER }))).toEqual([]);
  });

  it('still does after a month of edits that add a service of their own beside its two-wheeler service (regression: the two-wheeler-2 card)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-stranger-'));
    try {
      await cp(STRANGER, path.join(dir, 'content'), { recursive: true });
      const edits = await applyMonthOfEdits(path.join(dir, 'content'));
      expect(edits.newService.id).not.toBe('two-wheeler');
      const built = await build({ contentDir: path.join(dir, 'content') });
      expect(brokenRules(built)).toEqual([]);
      expect(built.site.services.filter((service) => service.title === edits.newService.title)).toHaveLength(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
