import type { Language } from '../../generator/contract/languages.js';
import type { Alternate } from '../types.js';

/**
 * Links to this page in the other languages, each named in its own language and marked with
 * `lang` (read in the right voice) and `hreflang` (where it leads). A plain link: it works
 * without JavaScript.
 */
export function LanguageSwitch({ alternates, current, className }: { alternates: Alternate[]; current: Language; className: string }) {
  const others = alternates.filter((alternate) => alternate.language.code !== current.code);
  if (others.length === 0) return null;
  return (
    <ul className={className} role="list">
      {others.map((alternate) => (
        <li key={alternate.language.code}>
          <a href={alternate.path} hrefLang={alternate.language.hreflang} lang={alternate.language.htmlLang}>
            {alternate.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
