import path from 'node:path';
import { parseDocument } from 'yaml';
import { checkContent } from '../../build.js';
import type { Session } from '../../contract/session.js';
import type { Problem } from '../../problems/problem.js';
import { countTexts, type Progress, type TextCounts } from '../../translations/progress.js';
import { uiProblemIn, type UiProblem } from './ui-problem.js';

export type { UiProblem } from './ui-problem.js';

/** A problem as the editor shows it, its file named from the content folder's parent. */
export function uiProblem(problem: Problem, contentDir: string, data?: unknown): UiProblem {
  const rel = path.relative(contentDir, problem.file).split(path.sep).join('/');
  return uiProblemIn(problem, `${path.basename(contentDir)}/${rel}`, data);
}

/** A translated text whose English changed since: where it is, as the checker names it, and both Englishes. */
export interface UiOutdated {
  path: string;
  was: string;
  now: string;
}

export interface FileProblems {
  problems: UiProblem[];
  /**
   * Problems the value would make in other files (a service id still named elsewhere), asked for
   * with `across`: those the files on disk do not have already.
   */
  elsewhere?: UiProblem[];
  warnings: UiProblem[];
  /** For a translation file: how many of its texts need a translator, counted as `site check` counts them. */
  counts?: TextCounts;
  /** For a translation file: the texts whose English changed since they were translated. */
  outdated?: UiOutdated[];
}

/** What a translation file's banner and marks show, from the check's own count of it. */
function translationState(translations: readonly Progress[], rel: string): Pick<FileProblems, 'counts' | 'outdated'> {
  const progress = translations.find((one) => rel.startsWith(`${one.language.folder}/`));
  if (!progress) return {};
  const outdated = (progress.changed?.get(rel) ?? []).map((text) => ({ path: text.place, was: text.was, now: text.english }));
  return { counts: countTexts(progress, rel), outdated };
}

/**
 * The problems and warnings of one file, from a check of the whole content as `site check` does
 * it (the same messages), with `overrides` read in place of the files on disk.
 */
export async function checkFile(
  contentDir: string,
  rel: string,
  overrides: ReadonlyMap<string, string> = new Map(),
  { across = false, session }: { across?: boolean; session?: Session } = {},
): Promise<FileProblems> {
  const dir = path.resolve(contentDir);
  const checked = await checkContent(dir, { overrides, session });
  const own = path.join(dir, rel);
  const mine = (problem: Problem) => problem.file === own;
  const others = checked.problems.filter((problem) => !mine(problem));
  const shown = inFormWords(checked.sources, dir);
  return {
    problems: checked.problems.filter(mine).map(shown),
    ...(across ? { elsewhere: (await newProblems(dir, others, session)).map(shown) } : {}),
    warnings: checked.warnings.filter(mine).map(shown),
    ...translationState(checked.translations, rel),
  };
}

/** Problems in the editor's words, each file's text read once for the places of its entries. */
function inFormWords(sources: ReadonlyMap<string, string>, dir: string): (problem: Problem) => UiProblem {
  const values = new Map<string, unknown>();
  const fileValue = (file: string) => {
    if (!values.has(file)) {
      const doc = parseDocument(sources.get(file) ?? '');
      values.set(file, doc.errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 50 }));
    }
    return values.get(file);
  };
  return (problem) => uiProblem(problem, dir, fileValue(problem.file));
}

/**
 * The problems of `found` that the content on disk does not have: those a change would bring into
 * other files. A problem is the same when its file, place and kind are (its words may name values
 * that changed, such as the list of service ids).
 */
async function newProblems(dir: string, found: readonly Problem[], session?: Session): Promise<Problem[]> {
  if (found.length === 0) return [];
  const key = (problem: Problem) => `${problem.file}\n${problem.path}\n${problem.code}`;
  const before = new Set((await checkContent(dir, { session })).problems.map(key));
  return found.filter((problem) => !before.has(key(problem)));
}

/**
 * How many texts each translation file lacks or has for changed English, by its name in the
 * content folder (ml/services.yaml), from a check of the content as it is on disk: the editor's
 * list of files shows them beside each, counted as `site check` counts them.
 */
export async function translationCounts(contentDir: string, session?: Session): Promise<Map<string, TextCounts>> {
  const checked = await checkContent(path.resolve(contentDir), { session });
  return new Map(
    checked.translations.flatMap((progress) =>
      [...new Set([...progress.untranslated.keys(), ...progress.outdated.keys()])].map((rel) => [rel, countTexts(progress, rel)] as const),
    ),
  );
}
