/**
 * The next page fetched before the tap is the page's own `<script type="speculationrules">`
 * (generator/render/speculation-rules.ts); this module only withdraws it on Save-Data or a 2G
 * connection. Browsers without speculation rules get no stand-in: Safari has no prefetch, and
 * Firefox governs `<link rel="prefetch">` by the policy's `default-src 'none'`, so each one added
 * was refused and reported as a policy violation.
 */

/** The part of the Network Information API read here (Chromium only). */
interface Connection {
  saveData?: boolean;
  effectiveType?: string;
}

export function initPrefetch(doc: Document): void {
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  // Taking the element away withdraws its rules: the browser prefetches nothing.
  if (connection?.saveData || /2g/.test(connection?.effectiveType ?? '')) doc.querySelector('script[type=speculationrules]')?.remove();
}
