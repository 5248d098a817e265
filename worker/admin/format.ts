/** How /admin/'s screens write times and text: in India's time, and escaped for HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const WHEN = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'Asia/Kolkata' });

/** 28 Nov, 10:42 am */
export const when = (at: number) => WHEN.format(at);
/** 28 Nov, from a day written YYYY-MM-DD */
export const dayName = (day: string) => DAY.format(new Date(`${day}T12:00:00+05:30`));
export const weekday = (day: string) => WEEKDAY.format(new Date(`${day}T12:00:00+05:30`));
