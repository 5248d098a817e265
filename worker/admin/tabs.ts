/**
 * The owner's four screens, as tabs at the top of each: the content editor, the quote requests,
 * the visits and the phones. One list, so every screen (the editor's page too) offers the same way
 * between them.
 */
const TABS = [
  { href: '/admin/edit/', name: 'Content' },
  { href: '/admin/requests/', name: 'Requests' },
  { href: '/admin/counts/', name: 'Visits' },
  { href: '/admin/', name: 'Phones' },
] as const;

export type Tab = (typeof TABS)[number]['name'];

/** The tabs, with `current` marked as the page shown (none marked when it is none of the four). */
export function tabs(current?: Tab): string {
  const links = TABS.map(({ href, name }) => `<a href="${href}"${name === current ? ' aria-current="page"' : ''}>${name}</a>`);
  return `<nav class="tabs">${links.join('')}</nav>`;
}
