/**
 * The site the phone's texts make, for its preview: the stages `site check` runs from the content
 * folder (load's parse, the facts, the schemas, each translation), run here on the texts the phone
 * holds, by name in the content folder (services.yaml, ml/pages/home.yaml). No file system: photos
 * are not looked at (their bytes are not on the phone), so the site comes back with its photos'
 * names only, as content names them.
 */
import { validateTexts } from '../../generator/translations/in-memory.js';
import { sortProblems } from '../../generator/problems/order.js';
import type { Problem } from '../../generator/problems/problem.js';
import type { Site } from '../../generator/schema/index.js';

export type PreviewSite = { site: Site } | { problems: Problem[] };

/** The site with its translations, or the problems that keep it from being drawn (each file named `content/<name>`). */
export function siteFromTexts(texts: ReadonlyMap<string, string>, now: Date): PreviewSite {
  const { problems, validated, translated } = validateTexts(texts, now);
  if (problems.length > 0 || !validated.site || !translated.every((translation) => translation.site))
    return { problems: sortProblems(problems) };
  return {
    site: {
      ...validated.site,
      translations: translated.map((translation) => ({
        language: translation.language,
        site: translation.site!,
        inEnglish: translation.inEnglish,
      })),
    },
  };
}
