/**
 * What the menu's and the WhatsApp widget's toggles share: the part they open carries
 * `data-open` for the CSS, and the toggle says whether it is open and is named for what the next
 * tap does (its `data-open-label` or `data-close-label`, from the content in the page's language).
 */
export function markOpen(toggle: HTMLElement, part: HTMLElement, open: boolean): void {
  part.toggleAttribute('data-open', open);
  toggle.setAttribute('aria-expanded', String(open));
  const name = open ? toggle.dataset.closeLabel : toggle.dataset.openLabel;
  if (name) toggle.setAttribute('aria-label', name);
}
