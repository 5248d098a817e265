/**
 * Writes the visitor's current year into every [data-year], so a site that has not been
 * rebuilt since New Year still shows the right copyright year.
 */
export function initYear(root: ParentNode, now: Date = new Date()): void {
  const year = String(now.getFullYear());
  for (const element of root.querySelectorAll<HTMLElement>('[data-year]')) {
    // Rewriting the same text would still make the browser lay the footer out again.
    if (element.textContent !== year) element.textContent = year;
  }
}
