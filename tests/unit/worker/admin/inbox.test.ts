/**
 * /admin/requests/ and its writes, in workerd with a local D1 and the relay stand-in: every kept
 * request is in the inbox whatever the relay did, the owner marks requests and sends one again,
 * and every write passes the API's gate.
 */
import { expect, it } from 'vitest';
import { SITE } from '../../../helpers/worker.js';
import { quoteHostForFile, request } from '../quotes/host.js';
import { PER_HOUR } from '../../../../worker/quotes/limit.js';
import { signIn as signInTo } from './sign-in.js';

const host = quoteHostForFile();
const signIn = () => signInTo(host());

async function inbox(cookie: string): Promise<string> {
  const answer = await host().fetch('/admin/requests/', { headers: { Cookie: cookie } });
  expect(answer.status).toBe(200);
  return answer.text();
}

function write(path: string, body: unknown, { cookie, csrf }: { cookie: string; csrf?: string }, origin = SITE): Promise<Response> {
  const headers: Record<string, string> = { Origin: origin, Cookie: cookie, 'Content-Type': 'application/json' };
  if (csrf) headers['X-CSRF-Token'] = csrf;
  return host().fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
}

const cards = (html: string) => html.match(/<li class="request"/g)?.length ?? 0;

it('sends a signed-out visitor to /admin/ to sign in and come back, showing no request', async () => {
  await host().post(request());
  const answer = await host().fetch('/admin/requests/');
  expect([answer.status, answer.headers.get('Location')]).toEqual([303, '/admin/?back=%2Fadmin%2Frequests%2F']);
  expect(await answer.text()).not.toContain('Anu Thomas');
});

it('shows all 25 requests, 20 from the page’s script and 5 with JavaScript off, while the relay is down, then as sent once it took them', async () => {
  const owner = await signIn();
  host().relay.answer('500');
  for (let index = 0; index < 20; index++) await host().post(request({ name: `Script ${index}` }), { address: `198.51.100.${index}` });
  for (let index = 0; index < 5; index++)
    await host().post(request({ name: `Plain ${index}`, _next: `${SITE}/contact/#quote-sent` }), {
      address: `203.0.113.${index}`,
      plain: true,
    });
  let html = await inbox(owner.cookie);
  expect(cards(html)).toBe(25);
  expect(html.match(/Not in your email yet/g)).toHaveLength(25);
  // The owner's words only: no status code of the relay's answer.
  expect(html.replace(/<[^>]+>/g, ' ')).not.toMatch(/\b(429|500|HTTP)\b/);
  host().relay.answer('accept');
  await host().sql('UPDATE quote_requests SET next_at = 0');
  await host().scheduled();
  html = await inbox(owner.cookie);
  expect(html.match(/Sent to your email/g)).toHaveLength(25);
});

it('shows a request’s time, service, move and date, with call and WhatsApp buttons for the visitor', async () => {
  const owner = await signIn();
  await host().post(request());
  const html = await inbox(owner.cookie);
  expect(html).toContain('<h2>Anu Thomas</h2>');
  expect(html).toContain('<strong>House shifting</strong><br>Kochi → Thrissur<br>Moving: 14 December 2026');
  expect(html).toContain('href="tel:+919847012345"');
  expect(html).toContain('href="https://wa.me/919847012345?text=');
});

it.each([
  ['with a leading 0', '09847012345', '919847012345'],
  ['with 0091 before it', '0091 98470 12345', '919847012345'],
  ['with 91 and no plus', '91 98470 12345', '919847012345'],
  ['with +91 and the 0 as well', '+91 09847012345', '919847012345'],
  ['with +91 and the 0 in brackets', '+91 (0) 98470 12345', '919847012345'],
  ['as a Kochi landline with its 0', '0484 234 5678', '914842345678'],
  ['as a Kochi landline with +91 and its 0', '+91 0484 234 5678', '914842345678'],
  ['from abroad, with 00', '0044 7700 900123', '447700900123'],
  ['from abroad, with a plus', '+1 (415) 555-0134', '14155550134'],
])('calls and opens WhatsApp with the number written %s (%s)', async (_how, phone, international) => {
  const owner = await signIn();
  await host().post(request({ phone }));
  const html = await inbox(owner.cookie);
  expect(html).toContain(`href="tel:+${international}"`);
  expect(html).toContain(`href="https://wa.me/${international}?text=`);
});

it('opens WhatsApp with the words the inbox always used, for a request from either language, when the build left none (content without requestReply, or an older build)', async () => {
  const owner = await signIn();
  await host().post(request(), { referer: `${SITE}/ml/contact/` });
  const html = await inbox(owner.cookie);
  const text = /href="https:\/\/wa\.me\/919847012345\?text=([^"]*)"/.exec(html)![1]!;
  expect(decodeURIComponent(text)).toBe('Hello Anu Thomas, about your moving quote request:');
});

it('marks a request contacted, then done, and refuses a mark without the CSRF token or from another site', async () => {
  const owner = await signIn();
  await host().post(request());
  const [{ id }] = (await host().sql<{ id: string }>('SELECT id FROM quote_requests')) as [{ id: string }];
  expect((await write(`/api/requests/${id}/handled`, { state: 'contacted' }, owner)).status).toBe(200);
  expect(await host().sql('SELECT handled FROM quote_requests')).toEqual([{ handled: 'contacted' }]);
  expect(await inbox(owner.cookie)).toContain('data-state="contacted" aria-pressed="true"');

  const noToken = await write(`/api/requests/${id}/handled`, { state: 'done' }, { cookie: owner.cookie });
  const elsewhere = await write(`/api/requests/${id}/handled`, { state: 'done' }, owner, 'https://elsewhere.example');
  const signedOut = await write(`/api/requests/${id}/handled`, { state: 'done' }, { cookie: '__Host-session=nobody', csrf: owner.csrf });
  expect([noToken.status, elsewhere.status, signedOut.status]).toEqual([403, 403, 401]);
  expect((await write(`/api/requests/${id}/handled`, { state: 'archived' }, owner)).status).toBe(400);
  expect(await host().sql('SELECT handled FROM quote_requests')).toEqual([{ handled: 'contacted' }]);

  expect((await write(`/api/requests/${id}/handled`, { state: 'done' }, owner)).status).toBe(200);
  expect(await host().sql('SELECT handled FROM quote_requests')).toEqual([{ handled: 'done' }]);
});

it('sends a request to the relay again when the owner asks, and says when it is no longer kept', async () => {
  const owner = await signIn();
  host().relay.answer('500');
  await host().post(request());
  const [{ id }] = (await host().sql<{ id: string }>('SELECT id FROM quote_requests')) as [{ id: string }];
  host().relay.answer('accept');
  host().relay.received.length = 0;
  expect((await write(`/api/requests/${id}/resend`, {}, owner)).status).toBe(200);
  expect(host().relay.received).toHaveLength(1);
  expect(await host().sql('SELECT state FROM quote_requests')).toEqual([{ state: 'delivered' }]);

  await host().sql('DELETE FROM quote_requests');
  const gone = await write(`/api/requests/${id}/resend`, {}, owner);
  expect([gone.status, ((await gone.json()) as { code: string }).code]).toEqual([404, 'request-unknown']);
});

it('shows a request held over its address’s hourly limit as not emailed, and why, and sends it when the owner asks', async () => {
  const owner = await signIn();
  for (let index = 1; index <= PER_HOUR + 1; index++) await host().post(request({ name: `Family ${index}` }));
  const held = (await inbox(owner.cookie)).split('<li class="request"').find((card) => card.includes('Family 6'))!;
  expect(held).toContain(
    'Not in your email yet. More than 5 requests came from one connection within the hour, so it was held back in case it is spam. If it is a real customer, press “Send to email again”.',
  );
  const [{ id }] = (await host().sql<{ id: string }>(
    "SELECT id FROM quote_requests WHERE json_extract(fields, '$.name') = 'Family 6'",
  )) as [{ id: string }];
  expect((await write(`/api/requests/${id}/resend`, {}, owner)).status).toBe(200);
  expect(host().relay.accepted()).toContain('Family 6');
  expect(await inbox(owner.cookie)).not.toContain('held back');
});
