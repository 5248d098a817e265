import type { LoadedFile } from '../load/load.js';
import { formatPath } from '../problems/locate.js';
import type { Problem } from '../problems/problem.js';
import { closest } from '../problems/suggest.js';
import { metaAt, schemaAt } from '../schema/derived/walk.js';
import { FACT_TOKEN, factNames, isVisitorText } from '../schema/facts.js';
import { CONTENT_FILES } from '../schema/index.js';
import { locateWords, textsOf, type TextAt } from './texts.js';

/**
 * A `${name}` in any text, English or translated, that names no fact: located at the name, with
 * the fact it most likely means. The figures' ids come from site.yaml as written, so a misspelt
 * figure is caught even while another part of site.yaml has a mistake; while its figures cannot be
 * read at all (a YAML mistake, no stats), a figure's name is not called unknown, since site.yaml's
 * own problem is the one to mend.
 */
export function findUnknownFacts(files: readonly LoadedFile[]): Problem[] {
  const site = files.find((file) => file.name === 'site.yaml' && !file.language)?.data as { stats?: unknown } | undefined;
  const statIds = Array.isArray(site?.stats)
    ? site.stats.flatMap((stat: unknown) =>
        typeof stat === 'object' && stat !== null && typeof (stat as { id?: unknown }).id === 'string' ? [(stat as { id: string }).id] : [],
      )
    : [];
  // An id holding a ${ is refused at its place, and its fact cannot be written, so it is not offered.
  const known = factNames(statIds.filter((id) => !id.includes('${')));
  const figuresUnread = !Array.isArray(site?.stats);
  const problems: Problem[] = [];
  for (const file of files) {
    if (file.data === undefined) continue;
    for (const text of textsOf(file)) {
      if (!text.value.includes('${') || !fillsFacts(file, text)) continue;
      const seen = new Map<string, number>();
      for (const [token, raw] of text.value.matchAll(FACT_TOKEN)) {
        const nth = seen.get(token) ?? 0;
        seen.set(token, nth + 1);
        const name = raw!.trim();
        if (known.includes(name) || (figuresUnread && name.startsWith('stats.'))) continue;
        const guess = guessFact(name, known);
        problems.push({
          code: 'unknown-fact',
          file: file.file,
          ...locateWords(file, text, token, nth),
          path: formatPath(text.path, file.data),
          message: `"${token}" names no fact${guess ? `. Did you mean "\${${guess}}"?` : '.'} A text can name ${known.map((fact) => `\${${fact}}`).join(', ')}.`,
          hint: guess
            ? `write \${${guess}}`
            : 'write one of the names above between ${ and }, or the words themselves; a figure is named by its id in site.yaml, e.g. ${stats.moves}',
        });
      }
      const stray = strayOpening(text.value);
      if (stray !== undefined) {
        problems.push({
          code: 'unknown-fact',
          file: file.file,
          ...locateWords(file, text, '${', stray),
          path: formatPath(text.path, file.data),
          message:
            'This "${" starts no fact: a fact is named by its name alone between ${ and }, such as ${city}, with no other ${ or } inside. As it is, visitors would read the "${" itself.',
          hint: 'write the fact as ${name}, or take out the "${"',
        });
      }
    }
  }
  return problems;
}

/** Which `${` of `text` (counting from 0) opens no `${name}`, as in `${${city}}` or `${city`; none when each does. */
function strayOpening(text: string): number | undefined {
  const opening = new Set(Array.from(text.matchAll(FACT_TOKEN), (match) => match.index));
  let nth = 0;
  for (let at = text.indexOf('${'); at >= 0; at = text.indexOf('${', at + 1), nth++) if (!opening.has(at)) return nth;
  return undefined;
}

/**
 * A `${…}` where facts are not filled in: a path, a web or email address, a phone number, an id.
 * Filled in there it would point somewhere else than written (a photo the check did not look at);
 * left as it is it would never say what the owner meant. Located at the first `${`.
 */
export function findFactsOutsideTexts(files: readonly LoadedFile[]): Problem[] {
  return files.flatMap((file) => {
    if (file.data === undefined || !file.source.includes('${')) return [];
    return textsOf(file).flatMap((text) => {
      const token = text.value.match(FACT_TOKEN)?.[0] ?? (text.value.includes('${') ? '${' : undefined);
      if (!token || fillsFacts(file, text)) return [];
      const expected = metaAt(CONTENT_FILES[file.name], text.path).expected ?? 'a value that is not text for visitors';
      return [
        {
          code: 'fact-outside-text' as const,
          file: file.file,
          ...locateWords(file, text, token),
          path: formatPath(text.path, file.data),
          message: `"${token}" is written in a field that holds ${expected}, not words for visitors: facts are filled in only in texts visitors read, so here it would stay exactly as written.`,
          hint: 'write the value itself here, as it should be used; a fact may be named in the texts around it, such as a heading or a photo’s alt text',
        },
      ];
    });
  });
}

/** Whether facts are filled in the text: a field the schema knows as words for visitors (an unknown field is reported as such). */
function fillsFacts(file: LoadedFile, text: TextAt): boolean {
  const schema = schemaAt(CONTENT_FILES[file.name], text.path);
  return schema === undefined || isVisitorText(schema);
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
