import path from 'node:path';
import { TRANSLATIONS } from '../contract/languages.js';
import type { Problem } from '../problems/problem.js';
import { SAMPLE_TEXT_CODES } from './sample-texts.js';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The line that closes `site check` and `site build` while sample texts are left: how many, how
 * many of them the deploy refuses, and the first to look at (in the order they were printed, English first).
 */
export function sampleTextLine(warnings: readonly Problem[], cwd: string): string | undefined {
  const found = warnings.filter((warning) => SAMPLE_TEXT_CODES.includes(warning.code));
  if (found.length === 0) return undefined;
  const claims = found.filter((warning) => warning.code === 'sample-claim').length;
  // The English first: its translations follow it.
  const english = (warning: Problem) => !TRANSLATIONS.some((language) => warning.file.split(path.sep).includes(language.folder));
  const order = [...found.filter(english), ...found.filter((warning) => !english(warning))];
  const first = order.find((warning) => warning.code === 'sample-claim') ?? order[0]!;
  const where = `${path.relative(cwd, first.file).split(path.sep).join('/')}${first.line ? `:${first.line}:${first.column ?? 1}` : ''}`;
  const refused = claims > 0 ? ` (${claims} of them about its story, services or promises, which the deploy refuses)` : '';
  return `${plural(found.length, 'text still says', 'texts still say')} what the sample company says${refused}: start at ${where}.`;
}
