/**
 * What a build for each host does with the quote form: on Cloudflare it posts to the site's own
 * Worker and the relay's address is left for the Worker; on GitHub Pages it posts to the relay.
 */
import { Window } from 'happy-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../generator/build.js';
import { QUOTE_ENDPOINT, SETTINGS_FILE, type Host } from '../../../generator/hosts.js';
import { SAMPLE_CONTENT } from '../../helpers/content.js';

const RELAY = 'http://127.0.0.1:8787/ajax/owner@example.in';
const NOW = new Date('2026-06-01T00:00:00Z');

function file(result: BuildResult, path: string): string | undefined {
  const found = result.files.find((entry) => entry.path === path);
  return found === undefined ? undefined : String(found.contents);
}

/** The forms as happy-dom parses them (its own Element type, not the DOM library's). */
function forms(html: string) {
  const { document } = new Window();
  document.write(html);
  return { quote: document.querySelector('form[data-quote-form]')!, newsletter: document.querySelector('form[data-newsletter]')! };
}

const built = new Map<Host, BuildResult>();
beforeAll(async () => {
  for (const host of ['cloudflare', 'github-pages'] as const)
    built.set(host, await build({ contentDir: SAMPLE_CONTENT, formEndpoint: RELAY, host, now: NOW }));
}, 240_000);

describe('a build for Cloudflare', () => {
  it.each(['contact/index.html', 'ml/contact/index.html'])(
    'posts the quote form in %s to the site’s own Worker, with JavaScript and without',
    (page) => {
      const { quote, newsletter } = forms(file(built.get('cloudflare')!, page)!);
      expect([quote.getAttribute('action'), quote.getAttribute('data-endpoint')]).toEqual([QUOTE_ENDPOINT, QUOTE_ENDPOINT]);
      // The newsletter box still posts to the relay: the Worker keeps quote requests only.
      expect([newsletter.getAttribute('action'), newsletter.getAttribute('data-endpoint')]).toEqual([RELAY, RELAY]);
    },
  );

  it('keeps the page the Worker sends a plain post back to, in the page’s language', () => {
    const { quote } = forms(file(built.get('cloudflare')!, 'ml/contact/index.html')!);
    expect(new URL(quote.querySelector('[name=_next]')!.getAttribute('value')!).pathname).toBe('/ml/contact/');
  });

  it('has every page send its counts to the Worker', () => {
    for (const page of ['index.html', 'ml/services/index.html', '404.html']) {
      expect(file(built.get('cloudflare')!, page), page).toContain('<body data-counts="/api/count">');
    }
  });

  it.each([
    ['privacy/index.html', 'What our own site keeps', 'Each quote request is deleted from our site 180 days after you send it.'],
    [
      'ml/privacy/index.html',
      'ഞങ്ങളുടെ സ്വന്തം സൈറ്റ് സൂക്ഷിക്കുന്നത്',
      'ഓരോ ക്വട്ടേഷൻ അപേക്ഷയും നിങ്ങൾ അയച്ച് 180 ദിവസം കഴിഞ്ഞ് ഞങ്ങളുടെ സൈറ്റിൽ നിന്ന് നീക്കം ചെയ്യും.',
    ],
  ])('says on %s what the site keeps, and for the days it keeps it', (page, title, keptFor) => {
    const html = file(built.get('cloudflare')!, page)!;
    expect(html).toContain(`<h2 id="own-site-title">${title}</h2>`);
    expect(html).toContain(`<p>${keptFor}</p>`);
  });

  it('leaves the relay’s address, from --form-endpoint, the content’s keeping period and the inbox’s WhatsApp reply where only the Worker reads them', () => {
    expect(JSON.parse(file(built.get('cloudflare')!, SETTINGS_FILE)!)).toEqual({
      relay: RELAY,
      keepDays: 180,
      requestReply: {
        en: 'Hello {name}, about your moving quote request:',
        ml: 'നമസ്കാരം {name}, നിങ്ങൾ അയച്ച ഷിഫ്റ്റിംഗ് ക്വട്ടേഷൻ അപേക്ഷയെക്കുറിച്ച്:',
      },
    });
    expect(SETTINGS_FILE.startsWith('api/')).toBe(true);
  });
});

describe('a build for GitHub Pages', () => {
  it('posts the quote form to the relay, as it has no Worker, and leaves no relay file', () => {
    const { quote } = forms(file(built.get('github-pages')!, 'contact/index.html')!);
    expect([quote.getAttribute('action'), quote.getAttribute('data-endpoint')]).toEqual([RELAY, RELAY]);
    expect(file(built.get('github-pages')!, SETTINGS_FILE)).toBeUndefined();
  });

  it('says nothing on the privacy page of a site keeping requests: it keeps none', () => {
    expect(file(built.get('github-pages')!, 'privacy/index.html')).not.toContain('own-site');
  });

  it('counts nothing: no page names an address for counts', () => {
    expect(built.get('github-pages')!.files.filter((entry) => String(entry.contents).includes('data-counts='))).toEqual([]);
  });
});
