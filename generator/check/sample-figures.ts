import type { LoadedFile } from '../load/load.js';
import { formatPath, locateValue } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { asksAboutTexts } from './sample-texts.js';

/**
 * The sample company's figures (the stats of site.yaml), by id. A company that starts from the
 * sample and keeps them shows visitors another company's record as its own: "4.9/5 Average
 * Rating", "1500+ Reviews". The years figure is left out: it is worked out from foundedYear.
 * tests/unit/generator/check/sample-figures.test.ts holds this list to the sample content.
 */
export const SAMPLE_FIGURES: Readonly<Record<string, string>> = {
  moves: '5000+',
  satisfaction: '99%',
  rating: '4.9/5',
  reviews: '1500+',
  cities: '50+',
};

/**
 * Each figure still the sample's under the same id, once the company has a name of its own and
 * has not said its texts were written for it (asksAboutTexts): a `sample-claim`, which the
 * deploy refuses as it refuses the sample's story and promises.
 */
export function findSampleFigures(files: readonly LoadedFile[]): Problem[] {
  const file = files.find((one) => one.name === 'site.yaml' && !one.language);
  const stats = (file?.data as { stats?: unknown } | undefined)?.stats;
  if (!file || !Array.isArray(stats) || !asksAboutTexts(files)) return [];
  return stats.flatMap((stat: unknown, index): Problem[] => {
    const { id, value, label } = (stat ?? {}) as { id?: unknown; value?: unknown; label?: unknown };
    if (typeof id !== 'string' || !Object.hasOwn(SAMPLE_FIGURES, id) || String(value).trim() !== SAMPLE_FIGURES[id]) return [];
    const path = ['stats', index, 'value'];
    return [
      {
        code: 'sample-claim',
        severity: 'warning',
        file: file.file,
        ...locateValue(file.doc, file.lineCounter, file.source, path),
        path: formatPath(path, file.data),
        message: `This figure is still the sample company's ("${String(value)}" ${String(label ?? '')}): visitors would read that company's record as this one's.`,
        hint: 'write the company’s own figure, or delete the whole item (its id, value and label) if it has none to show',
        editor: {
          message: '{field} is still the sample company’s figure, which may not be true of this one.',
          hint: 'write the company’s own figure, or remove the item if it has none to show',
        },
      },
    ];
  });
}
