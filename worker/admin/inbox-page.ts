/**
 * /admin/requests/: every kept quote request, newest first, as a card a phone shows whole: who,
 * when, the service, the move and its date; buttons to call or WhatsApp the visitor; where the
 * owner is with it (new, contacted, done); and whether it reached the owner's email, with a resend.
 */
import { replyTo } from '../../generator/contract/request-reply.js';
import { deliveryProblem } from './owner-words.js';
import { escapeHtml, when } from './format.js';
import { HANDLED, type InboxRequest } from './inbox-data.js';
import { tabs } from './tabs.js';

const HANDLED_WORDS = { new: 'New', contacted: 'Contacted', done: 'Done' } as const;

/**
 * The visitor's number as wa.me and tel: take it, in full international form, digits only: the
 * 00 of a call abroad dropped; India's 91 before a number of ten digits, and in place of the 0 of
 * one dialled within India (098470 12345, 0484 234 5678), the 0 dropped when 91 is written too
 * (+91 098470 12345, +91 (0) 98470 12345).
 */
function digits(phone: string): string {
  const only = phone
    .replace(/\D/g, '')
    .replace(/^00/, '')
    .replace(/^910(\d{10})$/, '91$1');
  if (only.length === 10) return `91${only}`;
  return only.length === 11 && only.startsWith('0') ? `91${only.slice(1)}` : only;
}

function delivery(request: InboxRequest): string {
  if (request.state === 'delivered')
    return `<p class="sent">Sent to your email${request.deliveredAt ? ` ${when(request.deliveredAt)}` : ''}.</p>`;
  const next = request.state === 'waiting' ? ` It is tried again by itself, next at ${when(request.nextAt)}.` : '';
  return `<p class="unsent">Not in your email yet. ${escapeHtml(deliveryProblem(request.lastError))}${next}</p>`;
}

/** The inbox's WhatsApp reply for a request from a page in that language (worker/quotes/built-settings.ts). */
export type ReplyIn = (language: string) => string;

function card(request: InboxRequest, replyIn: ReplyIn): string {
  const { fields } = request;
  const name = escapeHtml(fields.name ?? '');
  const phone = fields.phone ?? '';
  // The visitor reads it, so it is in the language of the page they wrote from.
  const greeting = encodeURIComponent(replyTo(replyIn(request.language), fields.name ?? ''));
  const moveDate = fields.moveDate
    ? new Date(`${fields.moveDate}T12:00:00+05:30`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric' })
    : 'no date given';
  const states = HANDLED.map(
    (state) =>
      `<button type="button" class="choice" data-action="handled" data-id="${escapeHtml(request.id)}" data-state="${state}" aria-pressed="${request.handled === state}">${HANDLED_WORDS[state]}</button>`,
  ).join('');
  return `<li class="request" data-handled="${request.handled}">
  <h2>${name}</h2>
  <p class="meta">${when(request.receivedAt)}${request.language === 'ml' ? ' · from the Malayalam page' : ''}</p>
  <p><strong>${escapeHtml(fields.service ?? '')}</strong><br>${escapeHtml(fields.moveFrom ?? '')} → ${escapeHtml(fields.moveTo ?? '')}<br>Moving: ${escapeHtml(moveDate)}</p>
  ${fields.message ? `<p class="note">${escapeHtml(fields.message)}</p>` : ''}
  <p class="contact">${escapeHtml(phone)} · <a href="mailto:${escapeHtml(fields.email ?? '')}">${escapeHtml(fields.email ?? '')}</a></p>
  <div class="row">
    <a class="button" href="tel:+${digits(phone)}">Call</a>
    <a class="button whatsapp" href="https://wa.me/${digits(phone)}?text=${greeting}" target="_blank" rel="noopener noreferrer">WhatsApp</a>
  </div>
  <div class="choices" role="group" aria-label="Where you are with ${name}">${states}</div>
  ${delivery(request)}
  <button type="button" class="secondary" data-action="resend" data-id="${escapeHtml(request.id)}">Send to email again</button>
</li>`;
}

export function inboxBody(requests: InboxRequest[], keepDays: number, replyIn: ReplyIn): string {
  const open = requests.filter((request) => request.handled === 'new').length;
  const list = requests.length
    ? `<ul class="requests">${requests.map((request) => card(request, replyIn)).join('\n')}</ul>`
    : '<p class="notice">No quote requests yet. Each request from the site’s form appears here, even when your email misses it.</p>';
  return `${tabs('Requests')}
<h1>Quote requests</h1>
<p>${requests.length === 0 ? '' : `${open} new of ${requests.length}. `}Each request is kept here for ${keepDays} days, then deleted.</p>
${list}`;
}
