/**
 * /admin/counts/: the last 7 and 30 days at a glance, in a sentence and a small chart of visits a
 * day, with the days a quote request came marked. Drawn as SVG in the page: no script, no library.
 */
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import type { Source } from '../counts/sources.js';
import type { Period } from '../counts/summary.js';
import { dayName, escapeHtml, weekday } from './format.js';
import { tabs } from './tabs.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** '/ml/services/' → 'the Malayalam services page'; '/' → 'the home page'. */
export function pageName(address: string): string {
  const parts = address.split('/').filter(Boolean);
  const translation = TRANSLATIONS.find((language) => language.folder === parts[0]);
  if (translation) parts.shift();
  const name = parts.length ? parts.join(' ').replace(/-/g, ' ') : 'home';
  return `the ${translation ? `${translation.englishName} ` : ''}${name} page`;
}

/** "41 visits, 6 quote requests, 12 WhatsApp chats, 3 calls; most came to the services page." */
export function sentence(period: Period): string {
  const counts = [
    plural(period.visits, 'visit', 'visits'),
    plural(period.quotes, 'quote request', 'quote requests'),
    plural(period.whatsapp, 'WhatsApp chat', 'WhatsApp chats'),
    plural(period.calls, 'call', 'calls'),
  ].join(', ');
  return `${counts}${period.topPage ? `; most came to ${pageName(period.topPage)}` : ''}.`;
}

/** Each source as the owner reads it (worker/counts/sources.ts). */
const SOURCE_NAMES: Record<Source, string> = {
  google: 'Google',
  whatsapp: 'WhatsApp',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  bing: 'Bing',
  'other-site': 'another website',
  direct: 'an app or a saved address, naming no website',
};

/** "Visits began from Google (12), WhatsApp (8), another website (2)." */
export function began(period: Period): string {
  if (period.sources.length === 0) return '';
  return `Visits began from ${period.sources.map(({ source, visits }) => `${SOURCE_NAMES[source]} (${visits})`).join(', ')}.`;
}

const WIDTH = 320;
const HEIGHT = 120;

function chart(period: Period): string {
  const most = Math.max(1, ...period.perDay.map((day) => day.visits));
  const slot = WIDTH / period.perDay.length;
  const bars = period.perDay
    .map((day, index) => {
      const height = Math.round((day.visits / most) * (HEIGHT - 24));
      const x = (index * slot + slot * 0.15).toFixed(1);
      const bar = `<rect x="${x}" y="${HEIGHT - 16 - height}" width="${(slot * 0.7).toFixed(1)}" height="${height}" fill="#0b5563"><title>${dayName(day.day)}: ${plural(day.visits, 'visit', 'visits')}, ${plural(day.quotes, 'quote request', 'quote requests')}</title></rect>`;
      const quote = day.quotes
        ? `<circle cx="${(index * slot + slot / 2).toFixed(1)}" cy="6" r="${Math.min(5, slot / 3).toFixed(1)}" fill="#e69b00"/>`
        : '';
      // A week names each day; a month, every seventh back from today (a day's name would not fit).
      const week = period.perDay.length <= 7;
      const named = week || (period.perDay.length - 1 - index) % 7 === 0;
      const middle = Math.min(WIDTH - 18, Math.max(18, index * slot + slot / 2));
      const label = named
        ? `<text x="${middle.toFixed(1)}" y="${HEIGHT - 2}" text-anchor="middle" font-size="11" fill="#4a5d64">${week ? weekday(day.day) : dayName(day.day)}</text>`
        : '';
      return bar + quote + label;
    })
    .join('');
  return `<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="Visits each day from ${dayName(period.from)} to ${dayName(period.to)}; a dot marks a day with a quote request">${bars}</svg>`;
}

function periodBlock(title: string, period: Period): string {
  return `<section class="period">
  <h2>${title}</h2>
  <p class="glance">${escapeHtml(sentence(period))}</p>
  ${period.sources.length ? `<p class="sources">${escapeHtml(began(period))}</p>` : ''}
  ${chart(period)}
  <p class="hint">${dayName(period.from)} to ${dayName(period.to)}.${period.rescued ? ` ${plural(period.rescued, 'request', 'requests')} that could not be sent reached you through the WhatsApp or call buttons instead.` : ''}${period.refused ? ` ${plural(period.refused, 'request was', 'requests were')} turned away as spam or incomplete, and not sent to you.` : ''}</p>
</section>`;
}

export function countsBody(week: Period, month: Period): string {
  return `${tabs('Visits')}
<h1>Visits</h1>
${periodBlock('The last 7 days', week)}
${periodBlock('The last 30 days', month)}
<p class="hint">Counted without cookies and without telling one visitor from another: only how many came to each page, from what kind of website or app, and what they tapped. A link opened from WhatsApp or another app often names no website. Search engines and other programs are not counted.</p>`;
}
