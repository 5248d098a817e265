import type { LoadedFile } from '../load/load.js';
import { formatPath } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { closest } from '../problems/suggest.js';
import { FACT_TOKEN, factNames } from '../schema/facts.js';
import { locateWords, textsOf } from './texts.js';

/**
 * A `${name}` in any text, English or translated, that names no fact: located at the name, with
 * the fact it most likely means. The figures' ids come from site.yaml as written, so a misspelt
 * figure is caught even while another part of site.yaml has a mistake.
 */
export function findUnknownFacts(files: readonly LoadedFile[]): Problem[] {
  const site = files.find((file) => file.name === 'site.yaml' && !file.language)?.data as { stats?: unknown } | undefined;
  const statIds = Array.isArray(site?.stats) ? site.stats.flatMap((stat: unknown) => (typeof stat === 'object' && stat !== null && typeof (stat as { id?: unknown }).id === 'string' ? [(stat as { id: string }).id] : [])) : [];
  const known = factNames(statIds);
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.data === undefined) continue;
    for (const text of textsOf(file)) {
      if (!text.value.includes('${')) continue;
      const seen = new Map<string, number>();
      for (const [token, raw] of text.value.matchAll(FACT_TOKEN)) {
        const nth = seen.get(token) ?? 0;
        seen.set(token, nth + 1);
        const name = raw!.trim();
        if (known.includes(name)) continue;
        const guess = guessFact(name, known);
        problems.push({
          code: 'unknown-fact',
          file: file.file,
          ...locateWords(file, text, token, nth),
          path: formatPath(text.path, file.data),
          message: `"${token}" names no fact${guess ? `. Did you mean "\${${guess}}"?` : '.'} A text can name ${known.map((fact) => `\${${fact}}`).join(', ')}.`,
          hint: guess ? `write \${${guess}}` : 'write one of the names above between ${ and }, or the words themselves; a figure is named by its id in site.yaml, e.g. ${stats.moves}',
        });
      }
    }
  }
  return problems;
}

/** The fact a mistyped name most likely means: a near spelling, the same letters swapped, or the same start (founding → founded). */
function guessFact(name: string, known: readonly string[]): string | undefined {
  const letters = (word: string) => [...word.toLowerCase()].sort().join('');
  return (
    closest(name, known) ??
    known.find((fact) => letters(fact) === letters(name)) ??
    (name.length >= 4 ? known.find((fact) => fact.slice(0, 4).toLowerCase() === name.slice(0, 4).toLowerCase()) : undefined)
  );
}
