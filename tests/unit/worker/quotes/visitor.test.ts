/**
 * What the visitor's browser is answered: JSON for the page's script; for a form posted with
 * JavaScript off, the form's page in its own language at its sent note, or with its error note and
 * fallback buttons shown when the request was turned away.
 */
import { expect, it } from 'vitest';
import { SITE } from '../../../helpers/worker.js';
import { quoteHostForFile, request } from './host.js';

const host = quoteHostForFile();

/** What the form posts without JavaScript: the subject without the name, and its `_next` and trap. */
function plainRequest(changes: Record<string, string> = {}): Record<string, string> {
  return request({
    subject: 'New Moving Quote Request -',
    _subject: 'New Moving Quote Request -',
    _next: `${SITE}/ml/contact/#quote-sent`,
    _honey: '',
    ...changes,
  });
}

it('sends a form posted with JavaScript off back to its page’s sent note (303), in the page’s language', async () => {
  const answer = await host().post(plainRequest(), { plain: true });
  expect(answer.status).toBe(303);
  expect(answer.headers.get('Location')).toBe(`${SITE}/ml/contact/#quote-sent`);
  const [row] = await host().sql<{ language: string; state: string; fields: string }>('SELECT language, state, fields FROM quote_requests');
  expect(row).toMatchObject({ language: 'ml', state: 'delivered' });
  // The relay gets the fields the page's script would send: the name in the subject, no `_next`, no trap.
  expect(JSON.parse(row!.fields)).toEqual(request());
  expect(host().relay.received.map((entry) => entry.fields)).toEqual([request()]);
  expect(host().relay.received[0]!.referer).toBe(`${SITE}/ml/contact/`);
});

it('takes the language of the page’s script’s request from the page it was sent from, which the browser names', async () => {
  await host().post(request({ name: 'From the Malayalam page' }), { referer: `${SITE}/ml/contact/` });
  await host().post(request({ name: 'From the English page' }), { referer: `${SITE}/contact/` });
  expect(await host().sql("SELECT json_extract(fields, '$.name') AS name, language FROM quote_requests ORDER BY name")).toEqual([
    { name: 'From the English page', language: 'en' },
    { name: 'From the Malayalam page', language: 'ml' },
  ]);
});

it('never sends a visitor to another site, whatever `_next` names', async () => {
  const answer = await host().post(plainRequest({ _next: 'https://elsewhere.example/phish/' }), { plain: true });
  expect(answer.headers.get('Location')).toBe(`${SITE}/phish/#quote-sent`);
});

it('shows a form posted with JavaScript off that is turned away as its page with the error note and fallback', async () => {
  const answer = await host().post(plainRequest({ phone: '' }), { plain: true });
  expect(answer.status).toBe(400);
  const page = await answer.text();
  expect(page).toContain('<p class="notice notice-error" data-form-error>അയയ്ക്കാൻ കഴിഞ്ഞില്ല.</p>');
  expect(page).toContain('<div class="fallback" data-form-fallback>');
  expect(await host().sql('SELECT * FROM quote_requests')).toEqual([]);
});

it('answers the page’s script with success when the relay is down, since the request is kept', async () => {
  host().relay.answer('500');
  const answer = await host().post(request());
  expect([answer.status, await answer.json()]).toEqual([200, { success: true, message: 'Your request was received.' }]);
  expect(await host().sql('SELECT state FROM quote_requests')).toEqual([{ state: 'waiting' }]);
});

it.each([
  ['a required field is empty', { moveTo: '  ' }, 'quote-field-missing'],
  ['the message is longer than 5000 letters', { message: 'x'.repeat(5001) }, 'quote-field-too-long'],
  ['the email has no @', { email: 'anu.example.in' }, 'quote-email-wrong'],
  ['the date is not a date', { moveDate: 'next week' }, 'quote-date-wrong'],
])('refuses a request where %s: not kept, not sent, counted', async (_case, changes, code) => {
  const answer = await host().post(request(changes));
  expect(answer.status).toBe(400);
  expect(await answer.json()).toMatchObject({ success: false, code });
  expect(await host().sql('SELECT * FROM quote_requests')).toEqual([]);
  expect(host().relay.received).toEqual([]);
  expect(await host().sql('SELECT reason, count FROM quote_refusals')).toEqual([{ reason: 'invalid', count: 1 }]);
});

it('keeps a message within the form’s 5000 letters over 50 lines, as the form lets a visitor type it (the browser sends each line break as two)', async () => {
  // The form's maxlength counts a line break as one letter; the posted form carries it as CR LF.
  const lines = Array.from({ length: 50 }, () => 'x'.repeat(99)).join('\r\n');
  expect(lines.replace(/\r\n/g, '\n')).toHaveLength(4999);
  const answer = await host().post(request({ message: lines }));
  expect([answer.status, await answer.json()]).toEqual([200, { success: true, message: 'Your request was received.' }]);
  const [kept] = await host().sql<{ fields: string }>('SELECT fields FROM quote_requests');
  expect((JSON.parse(kept!.fields) as { message: string }).message).toBe(lines.replace(/\r\n/g, '\n'));
});

it('keeps and sends a request sent again with its mark (its answer lost on the way) once, answering each as received, and counts the repeats against no limit', async () => {
  const sent = request({ _request: 'k3x9q2m7v1' });
  expect((await host().post(sent)).status).toBe(200);
  // The visitor saw no answer and tapped again, and again.
  for (let tap = 0; tap < 6; tap++) expect(await (await host().post(sent)).json()).toMatchObject({ success: true });
  expect(await host().sql('SELECT COUNT(*) AS n FROM quote_requests')).toEqual([{ n: 1 }]);
  expect(host().relay.received).toHaveLength(1);
  // The mark is the Worker's alone: the relay's email does not carry it.
  expect(JSON.stringify(host().relay.received)).not.toContain('k3x9q2m7v1');
  // The same visitor's other requests within the hour, each with its own mark, are still taken: five in all.
  for (const ref of ['a1b2c3d4', 'e5f6g7h8', 'i9j0k1l2', 'm3n4o5p6'])
    expect((await host().post(request({ _request: ref }))).status).toBe(200);
  expect(await host().sql('SELECT COUNT(*) AS n FROM quote_requests')).toEqual([{ n: 5 }]);
});

it('keeps a request changed before it was sent again as one of its own, though it carries the same mark', async () => {
  expect((await host().post(request({ _request: 'k3x9q2m7v1' }))).status).toBe(200);
  expect((await host().post(request({ _request: 'k3x9q2m7v1', phone: '+91 98470 54321' }))).status).toBe(200);
  expect(await host().sql('SELECT COUNT(*) AS n FROM quote_requests')).toEqual([{ n: 2 }]);
});

it('keeps the same request twice when it carries no mark (a form posted without JavaScript, or an older page)', async () => {
  expect((await host().post(request())).status).toBe(200);
  expect((await host().post(request())).status).toBe(200);
  expect(await host().sql('SELECT COUNT(*) AS n FROM quote_requests')).toEqual([{ n: 2 }]);
});

it('refuses a request larger than 32 KB before reading its fields', async () => {
  const answer = await host().post(request({ message: 'x'.repeat(40_000) }));
  expect(answer.status).toBe(413);
  expect(await host().sql('SELECT * FROM quote_requests')).toEqual([]);
});

it('refuses a request from another site’s page', async () => {
  const answer = await host().post(request(), { origin: 'https://elsewhere.example' });
  expect([answer.status, ((await answer.json()) as { code: string }).code]).toEqual([403, 'quote-wrong-origin']);
  expect(await host().sql('SELECT reason, count FROM quote_refusals')).toEqual([{ reason: 'wrong-origin', count: 1 }]);
  expect(host().relay.received).toEqual([]);
});

it('answers the page’s script after 4 seconds at most when the relay never answers, and keeps the request', {
  timeout: 60_000,
}, async () => {
  host().relay.answer('hang');
  const answer = await host().post(request());
  expect(await answer.json()).toMatchObject({ success: true });
  expect(await host().sql('SELECT state, last_error FROM quote_requests')).toEqual([
    { state: 'waiting', last_error: 'The relay did not answer within 4 seconds.' },
  ]);
});
