/**
 * Where a visit began, for the owner's Visits page: from the host name of the page the visitor came
 * from (the page's script sends only that, client/counts.ts), or, when an app opened the site and
 * named no page, from the app's own browser naming itself in its user agent. Only the source's
 * name from this short list is kept; the host name and the user agent never are.
 */
export const SOURCES = ['google', 'whatsapp', 'facebook', 'instagram', 'youtube', 'bing', 'other-site', 'direct'] as const;
export type Source = (typeof SOURCES)[number];

/** Host names, and the Android app names Chrome gives as `android-app://<app>/`. */
const BY_HOST: ReadonlyArray<readonly [RegExp, Source]> = [
  // l.wl.co: the address WhatsApp's links pass through.
  [/(^|\.)(whatsapp\.com|wa\.me|wl\.co)$|^com\.whatsapp(\.|$)/, 'whatsapp'],
  [/(^|\.)(facebook\.com|fb\.com|fb\.me)$|^com\.facebook\./, 'facebook'],
  [/(^|\.)instagram\.com$|^com\.instagram\./, 'instagram'],
  [/(^|\.)(youtube\.com|youtu\.be)$|^com\.google\.android\.youtube$/, 'youtube'],
  [/(^|\.)google\.[a-z]{2,3}(\.[a-z]{2})?$|^com\.google\.android\.googlequicksearchbox$/, 'google'],
  [/(^|\.)bing\.com$/, 'bing'],
];

const BY_AGENT: ReadonlyArray<readonly [RegExp, Source]> = [
  [/WhatsApp\//, 'whatsapp'],
  [/FBAN|FBAV|FB_IAB/, 'facebook'],
  [/Instagram/, 'instagram'],
];

/**
 * The source of a view whose page before was on `referrerHost` ('' when none was named): none for
 * a step within the site itself, which began elsewhere.
 */
export function sourceOf(referrerHost: string, agent: string, siteHost: string): Source | undefined {
  const host = referrerHost.trim().toLowerCase();
  if (host === siteHost) return undefined;
  if (host) return BY_HOST.find(([pattern]) => pattern.test(host))?.[1] ?? 'other-site';
  return BY_AGENT.find(([pattern]) => pattern.test(agent))?.[1] ?? 'direct';
}
