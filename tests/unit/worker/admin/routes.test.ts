/** /admin/ as the Worker draws it for each state, in workerd with a local D1. */
import { expect, it } from 'vitest';
import { addPasskey, addSession, workerForFile } from '../../../helpers/worker.js';

const worker = workerForFile();
const heading = (html: string) => /<h1>([^<]+)<\/h1>/.exec(html)?.[1];
const page = (cookie?: string) => worker().fetch('/admin/', { headers: cookie ? { Cookie: cookie } : {} });

it('is the set-up screen before any passkey, the sign-in screen after, and the phones once signed in', async () => {
  expect(heading(await (await page()).text())).toBe('Set up this site’s editor');
  await addPasskey(worker(), 'phone', '<Anil’s> phone');
  expect(heading(await (await page()).text())).toBe('Sign in with this phone');
  const { cookie, csrf } = await addSession(worker(), 'phone');
  const signedIn = await page(cookie);
  const html = await signedIn.text();
  expect(heading(html)).toBe('Your phones');
  expect(html).toContain(`<meta name="csrf-token" content="${csrf}">`);
  expect(html, 'a name is text, never markup').toContain('&#60;Anil’s&#62; phone');
  expect(signedIn.headers.get('Cache-Control')).toBe('no-store');
  expect(signedIn.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
});

it('says why the owner must sign in again when the session ended', async () => {
  await addPasskey(worker(), 'phone');
  const { cookie } = await addSession(worker(), 'phone', Date.now() - 1);
  const html = await (await page(cookie)).text();
  expect(heading(html)).toBe('Sign in with this phone');
  expect(html).toContain('You were signed out: the editor signs you out after 12 hours without use');
});

it('sends /admin to /admin/, and hands any other address to the built site', async () => {
  const bare = await worker().fetch('/admin', { redirect: 'manual' });
  expect([bare.status, bare.headers.get('Location')]).toEqual([308, '/admin/']);
  expect(await (await worker().fetch('/about/')).text()).toBe('the built site');
});
