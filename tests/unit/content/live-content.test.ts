import { describe, expect, it } from 'vitest';
import { build } from '../../../generator/build.js';
import { brokenRules, rupeesText } from '../../helpers/content-rules.js';
import { LIVE_CONTENT, SAMPLE_CONTENT } from '../../helpers/content.js';

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
    tamper('ml/services/index.html', (html) => html.replace(rupeesText(service.pricing.starting), '₹0').replace('<html lang="ml"', '<html lang="en"'));
    expect(brokenRules(built)).toEqual([
      `/services, the ${service.id} card, does not show "${rupeesText(service.pricing.starting)}".`,
      `The home page (review ${review.id}) does not show "${review.name}".`,
      'ml/services/index.html is not marked lang="ml".',
      `/services, the ${service.id} card, does not show "${rupeesText(service.pricing.starting)}".`,
      'about/index.html links to /contact-us/, which the build does not have.',
    ]);
  });
});
