import { pageAddress } from '../../generator/contract/routes.js';
import type { Language } from '../../generator/contract/languages.js';

/** The one sentence under a form saying what happens to what is sent, and the link to the whole notice. */
export function PrivacyNote({
  text,
  link,
  language,
  className = 'privacy',
}: {
  text: string;
  link: string;
  language: Language;
  className?: string;
}) {
  return (
    <p className={className}>
      {text} <a href={pageAddress('/privacy', language)}>{link}</a>
    </p>
  );
}
