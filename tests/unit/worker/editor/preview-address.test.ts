/**
 * A preview address from the phone, through the Worker in workerd against the GitHub stand-in: the
 * changes kept on the phone, checked as Publish checks them, committed on top of the commit the owner
 * started from to the preview branch in one push, the site's own branch untouched; the editor's page
 * may ask that address which commit it shows, and the address answers it.
 */
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { PREVIEW_BRANCH } from '../../../../worker/editor/preview-address.js';
import { SITE } from '../../../helpers/worker.js';
import { editorHarnessForFile } from './editor-worker.js';

const ADDRESS = 'https://site-preview-kerala-movers.acme-movers.workers.dev';

interface FileAnswer {
  version: string;
  value: { services: Array<{ id: string; pricing: { starting: number | string } }> };
}

describe('with the address the deploy gave', () => {
  const harness = editorHarnessForFile({ PREVIEW_ADDRESS: `${ADDRESS}/`, SITE_COMMIT: 'f00dcafe' });
  let start = '';
  beforeEach(async () => {
    const { standin, seed } = harness();
    start = await standin.push(seed, 'The site as it starts');
  });

  /** The owner sets the first service's starting price and saves: the text kept on the phone. */
  async function keptPrice(price: number | string): Promise<{ status: number; text: string }> {
    const { call } = harness();
    const file = (await (await call('file', { head: start, saved: {}, file: 'services.yaml' })).json()) as FileAnswer;
    const value = structuredClone(file.value);
    value.services[0]!.pricing.starting = price;
    const answer = await call('save', { head: start, saved: {}, file: 'services.yaml', value, version: file.version });
    return { status: answer.status, text: ((await answer.json()) as { text: string }).text };
  }

  it('commits the kept changes and photos to the preview branch in one push, on the owner’s start, and leaves main alone', async () => {
    const { call, standin } = harness();
    const kept = await keptPrice(7777);
    const photo = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c04020' } })
      .jpeg()
      .toBuffer();
    const answer = await call('preview-address', {
      head: start,
      saved: { 'services.yaml': kept.text },
      photos: { 'crew.jpg': photo.toString('base64') },
      message: 'New prices',
    });
    expect(answer.status).toBe(200);
    const { address, commit } = (await answer.json()) as { address: string; commit: string };
    expect(address).toBe(ADDRESS);
    const git = standin.git;
    expect(await git.ref(PREVIEW_BRANCH)).toBe(commit);
    expect(await git.ref('main')).toBe(start);
    expect(await git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${start}`);
    expect((await git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', start, commit])).split('\n').sort()).toEqual([
      'content/images/crew.jpg',
      'content/services.yaml',
    ]);
    expect(await git.text(['show', `${commit}:content/services.yaml`])).toContain('starting: 7777');
    expect(Buffer.compare(await git.git(['show', `${commit}:content/images/crew.jpg`]), photo)).toBe(0);
    expect(await git.text(['log', '-1', '--format=%s', commit])).toBe('Preview: New prices');

    // Asked again with other changes: the branch is moved to a new commit on the same start, not on the last preview.
    const again = await keptPrice(8888);
    const second = await call('preview-address', { head: start, saved: { 'services.yaml': again.text }, message: '' });
    expect(second.status).toBe(200);
    const moved = ((await second.json()) as { commit: string }).commit;
    expect(await git.ref(PREVIEW_BRANCH)).toBe(moved);
    expect(await git.text(['rev-list', '--parents', '-n', '1', moved])).toBe(`${moved} ${start}`);
    expect(await git.text(['show', `${moved}:content/services.yaml`])).toContain('starting: 8888');
    expect(await git.ref('main')).toBe(start);
    expect(standin.violations).toEqual([]);
  });

  it('makes no preview of changes the deploy would refuse, and says what to mend', async () => {
    const { call, standin } = harness();
    const kept = await keptPrice(7777);
    const before = await standin.git.ref(PREVIEW_BRANCH);
    const broken = kept.text.replace(/^(\s*)title: .*$/m, '$1title: ""');
    expect(broken).not.toBe(kept.text);
    const refused = await call('preview-address', { head: start, saved: { 'services.yaml': broken }, message: 'Broken' });
    expect(refused.status).toBe(422);
    const body = (await refused.json()) as { code: string; message: string };
    expect(body.code).toBe('editor-preview-not-checked');
    expect(body.message).toMatch(
      /^Some of your changes do not pass the site’s checks yet, so no preview was made\..*content\/services\.yaml:\d+/,
    );
    expect(await standin.git.ref(PREVIEW_BRANCH)).toBe(before);

    const nothing = await call('preview-address', { head: start, saved: {}, message: '' });
    expect([nothing.status, ((await nothing.json()) as { code: string }).code]).toEqual([409, 'editor-preview-nothing']);
  });

  it('gives the editor’s page the address, which only it may be asked of besides the site itself', async () => {
    const { worker, signIn } = harness();
    const { cookie } = await signIn();
    const page = await worker.fetch('/admin/edit/', { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`connect-src 'self' ${ADDRESS}`);
    expect(await page.text()).toContain(`&quot;previewAddress&quot;:&quot;${ADDRESS}&quot;`);
  });

  it('answers any page which commit it was built from', async () => {
    const { worker } = harness();
    const answer = await worker.fetch('/api/site-commit', { headers: { Origin: ADDRESS } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(await answer.json()).toEqual({ commit: 'f00dcafe' });
  });
});

describe('before a deploy gave an address', () => {
  const harness = editorHarnessForFile();

  it('offers none, and a request for one is refused in the owner’s words, with the changes kept', async () => {
    const { call, standin, seed, worker, signIn } = harness();
    const start = await standin.push(seed, 'The site as it starts');
    const refused = await call('preview-address', { head: start, saved: { 'services.yaml': seed['content/services.yaml']! } });
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This site cannot make a preview address yet: it gets one from its next publish to Cloudflare. Publish any change once, then ask again; your changes stay kept on this phone.',
    );
    const page = await worker.fetch('/admin/edit/', { headers: { Cookie: (await signIn()).cookie, Origin: SITE } });
    expect(page.headers.get('content-security-policy')).not.toContain('connect-src');
    expect(await page.text()).not.toContain('previewAddress');
  });
});
