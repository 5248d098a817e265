/**
 * Writes the visitor's current year into every [data-year], so a site that has not been
 * rebuilt since New Year still shows the right copyright year.
 */
export function initYear(root: ParentNode, now: Date = new Date()): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-year]')) {
    element.textContent = String(now.getFullYear());
  }
}
