/**
 * For an engine whose driver cannot read the console (WebKit over classic WebDriver): a small
 * same-origin script, added first to every page of the run's own copy of the built site, that
 * keeps the page's console errors, uncaught exceptions, failed loads and Content Security Policy
 * violations in sessionStorage, where the adapter reads them. Same origin, so the site's policy
 * (script-src 'self') lets it run and still governs everything else.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const PROBE_KEY = '__engine_errors';
const PROBE_FILE = 'engine-probe.js';

const PROBE = `(() => {
  const keep = (text) => {
    try {
      const list = JSON.parse(sessionStorage.getItem(${JSON.stringify(PROBE_KEY)}) || '[]');
      list.push(text + ' (on ' + location.pathname + ')');
      sessionStorage.setItem(${JSON.stringify(PROBE_KEY)}, JSON.stringify(list));
    } catch {}
  };
  addEventListener('error', (event) => {
    const target = event.target;
    if (target && target !== window) keep('failed to load ' + (target.currentSrc || target.src || target.href || target.tagName));
    else keep('uncaught: ' + event.message);
  }, true);
  addEventListener('unhandledrejection', (event) => keep('unhandled rejection: ' + ((event.reason && event.reason.message) || event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => keep('CSP: ' + event.effectiveDirective + ' blocked ' + (event.blockedURI || 'inline code')));
  const error = console.error;
  console.error = function (...args) { keep('console: ' + args.map(String).join(' ')); return error.apply(this, args); };
})();
`;

/** Writes the probe into `dist` and loads it first in every page there (not in assets/, which holds parts of pages). */
export async function addProbe(dist: string): Promise<void> {
  await writeFile(path.join(dist, PROBE_FILE), PROBE);
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  const assets = path.join(dist, 'assets');
  for (const entry of entries.filter(
    (item) => item.isFile() && item.name.endsWith('.html') && !path.join(item.parentPath, item.name).startsWith(`${assets}${path.sep}`),
  )) {
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    // After the policy's <meta>, so the policy governs the probe too.
    const policy = /<meta http-equiv="Content-Security-Policy"[^>]*>/.exec(html);
    if (!policy) throw new Error(`${file} has no Content-Security-Policy <meta> to load the error probe after`);
    const end = policy.index + policy[0].length;
    await writeFile(file, `${html.slice(0, end)}<script src="/${PROBE_FILE}"></script>${html.slice(end)}`);
  }
}

/** Read in the page: the errors kept so far, and forgets them (a blank tab has no storage and none). */
export const TAKE_PROBE_ERRORS = `if (!location.protocol.startsWith('http')) return [];
  const list = JSON.parse(sessionStorage.getItem(${JSON.stringify(PROBE_KEY)}) || '[]'); sessionStorage.removeItem(${JSON.stringify(PROBE_KEY)}); return list;`;
