/**
 * The form settings in site.yaml: one recipient makes both FormSubmit addresses, another relay
 * names both of its own, anything in between is refused with a located problem; and the layout
 * can switch the newsletter box off.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { build, checkContent } from '../../../../generator/build.js';
import { SETTINGS_FILE } from '../../../../generator/hosts.js';
import { contentWithFixture } from '../../../helpers/content.js';

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

type Change = [file: string, path: Array<string | number>, value: unknown];

/** The sample content with `changes` applied (`undefined` removes a key); returns its content folder. */
async function changed(changes: Change[]): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  for (const [file, at, value] of changes) {
    const target = path.join(dir, 'content', file);
    const doc = parseDocument(await readFile(target, 'utf8'));
    if (value === undefined) doc.deleteIn(at);
    else doc.setIn(at, value);
    await writeFile(target, doc.toString({ lineWidth: 0 }));
  }
  return path.join(dir, 'content');
}

const html = (files: { path: string; contents: string | Uint8Array }[], file: string) =>
  String(files.find((f) => f.path === file)!.contents);

describe('form.recipient', () => {
  it('makes both FormSubmit addresses, used by the quote form, the newsletter box and the security policy', async () => {
    const { site, files } = await build({ contentDir: await changed([['site.yaml', ['form', 'recipient'], 'quotes@movers.example']]) });
    expect(site.settings.form.endpoint).toBe('https://formsubmit.co/ajax/quotes@movers.example');
    expect(site.settings.form.plainEndpoint).toBe('https://formsubmit.co/quotes@movers.example');
    const contact = html(files, 'contact/index.html');
    expect(contact).toContain('action="https://formsubmit.co/quotes@movers.example"');
    expect(contact).toContain('data-endpoint="https://formsubmit.co/ajax/quotes@movers.example"');
    // Two forms (quote and newsletter) per page, never another mailbox.
    expect(contact.match(/formsubmit\.co\/(ajax\/)?[^"]+/g)?.every((address) => address.endsWith('/quotes@movers.example'))).toBe(true);
    expect(contact).toContain("connect-src 'self' https://formsubmit.co");
  });

  it('another relay is given by both of its addresses instead', async () => {
    const content = await changed([
      ['site.yaml', ['form', 'recipient'], undefined],
      ['site.yaml', ['form', 'endpoint'], 'https://relay.example/ajax/abc'],
      ['site.yaml', ['form', 'plainEndpoint'], 'https://relay.example/f/abc'],
    ]);
    const { site } = await build({ contentDir: content });
    expect(site.settings.form).toMatchObject({ endpoint: 'https://relay.example/ajax/abc', plainEndpoint: 'https://relay.example/f/abc' });
  });

  const refused: Array<{ name: string; changes: Change[]; path: string; code: string; message: RegExp }> = [
    {
      name: 'no recipient and no relay',
      changes: [['site.yaml', ['form', 'recipient'], undefined]],
      path: 'form',
      code: 'missing-field',
      message: /says nowhere where quote requests go: add "recipient:"/,
    },
    {
      name: 'a recipient and a relay address too',
      changes: [['site.yaml', ['form', 'endpoint'], 'https://relay.example/ajax/abc']],
      path: 'form.endpoint',
      code: 'invalid-value',
      message: /has a recipient \(hello@example\.com\) and also a relay address/,
    },
    {
      name: 'only one address of another relay',
      changes: [
        ['site.yaml', ['form', 'recipient'], undefined],
        ['site.yaml', ['form', 'endpoint'], 'https://relay.example/ajax/abc'],
      ],
      // Located at the address that is written: the missing one has no line to point at.
      path: 'form.endpoint',
      code: 'invalid-value',
      message: /needs both of its addresses/,
    },
    {
      name: 'a recipient that is not an email address',
      changes: [['site.yaml', ['form', 'recipient'], 'hello at example dot com']],
      path: 'form.recipient',
      code: 'bad-format',
      message: /email address/,
    },
  ];
  for (const { name, changes, path: dotPath, code, message } of refused) {
    it(`refuses ${name}, located`, async () => {
      const { problems } = await checkContent(await changed(changes));
      expect(problems.map((p) => [p.path, p.code])).toEqual([[dotPath, code]]);
      expect(problems[0]!.message).toMatch(message);
      expect(problems[0]!.line).toBeGreaterThan(0);
      expect(problems[0]!.hint).toBeTruthy();
    });
  }
});

describe('footer.newsletter.enabled', () => {
  it('false removes the newsletter box from every page', async () => {
    const { files } = await build({ contentDir: await changed([['layout.yaml', ['footer', 'newsletter', 'enabled'], false]]) });
    for (const file of ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html', '404.html']) {
      expect(html(files, file), file).not.toContain('data-newsletter');
      expect(html(files, file), file).not.toContain('Subscribe');
    }
  });

  it('"yes" is refused with a hint to write true or false', async () => {
    const { problems } = await checkContent(await changed([['layout.yaml', ['footer', 'newsletter', 'enabled'], 'yes']]));
    expect(problems.map((p) => [p.path, p.code])).toEqual([['footer.newsletter.enabled', 'wrong-type']]);
    expect(problems[0]!.hint).toMatch(/true.*false/);
  });
});

/** How long quote requests are kept (form.keepDays), and the privacy page's ownSite text that says it. */
describe('form.keepDays', () => {
  it('writes the number of days into the privacy page and into the settings the Worker reads, in both languages', async () => {
    const { files } = await build({ contentDir: await changed([['site.yaml', ['form', 'keepDays'], 90]]), host: 'cloudflare' });
    expect(html(files, 'privacy/index.html')).toContain('Each quote request is deleted from our site 90 days after you send it.');
    expect(html(files, 'ml/privacy/index.html')).toContain('നിങ്ങൾ അയച്ച് 90 ദിവസം കഴിഞ്ഞ്');
    expect(JSON.parse(html(files, SETTINGS_FILE)).keepDays).toBe(90);
  }, 120_000);

  it('says 180 days when form.keepDays is left out, and leaves the Worker its own default', async () => {
    const { files } = await build({ contentDir: await changed([['site.yaml', ['form', 'keepDays'], undefined]]), host: 'cloudflare' });
    expect(html(files, 'privacy/index.html')).toContain('deleted from our site 180 days after');
    expect(JSON.parse(html(files, SETTINGS_FILE))).not.toHaveProperty('keepDays');
  }, 120_000);

  it('refuses a text of how long requests are kept that has no {days}, located', async () => {
    const { problems } = await checkContent(
      await changed([['pages/privacy.yaml', ['ownSite', 'keptFor'], 'Each request is deleted after a while.']]),
    );
    expect(problems.map((problem) => [problem.file, problem.path, problem.message])).toEqual([
      [
        expect.stringMatching(/pages\/privacy\.yaml$/),
        'ownSite.keptFor',
        'This text does not say how long requests are kept: write {days} where the number of days goes.',
      ],
    ]);
  }, 120_000);

  it.each([0, 2.5, 'half a year'])(
    'refuses form.keepDays of %j',
    async (days) => {
      const { problems } = await checkContent(await changed([['site.yaml', ['form', 'keepDays'], days]]));
      expect(problems.map((problem) => problem.path)).toEqual(['form.keepDays']);
    },
    120_000,
  );
});
