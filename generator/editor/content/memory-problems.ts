import { checkTexts, MEMORY_CONTENT } from '../../translations/in-memory.js';
import type { TextCounts } from '../../translations/progress.js';
import type { TranslationResult } from '../../translations/validate.js';
import type { Problem } from '../../problems/problem.js';
import { parsed, textFor, typedNumbers } from './file-text.js';
import type { EditableFile } from './files.js';
import { renameInFiles, renamedServices, type Rename } from './rename.js';
import { uiProblemIn, type UiProblem } from './ui-problem.js';

/**
 * One file's problems in the editor's words, from the content check run on texts in memory: the
 * Worker runs it on a save, and the phone as the owner types, with no server in between.
 */

/** A problem is the same one when its file, place and kind are (its words may name values that changed). */
const problemKey = (problem: Problem) => `${problem.file}\n${problem.path}\n${problem.code}`;

export interface MemoryProblems {
  problems: UiProblem[];
  /** Problems the change brings into other files (with `before`: those they did not have already). */
  elsewhere: UiProblem[];
  warnings: UiProblem[];
  /** For a translation file: how many of its texts need a translator, counted as `site check` counts them. */
  counts?: TextCounts;
  /** For a translation file: the texts whose English changed since they were translated. */
  outdated?: Array<{ path: string; was: string; now: string }>;
}

/** What a translation file's banner and marks show (as site dev's editor has them from `site check`). */
function translationState(translated: readonly TranslationResult[], file: EditableFile): Pick<MemoryProblems, 'counts' | 'outdated'> {
  const result = file.language && translated.find((one) => one.language.code === file.language!.code);
  if (!result) return {};
  const changed = result.outdated.get(file.rel) ?? [];
  const untranslated = result.untranslated.get(file.rel) ?? 0;
  return {
    counts: { untranslated, outdated: changed.length, files: untranslated + changed.length > 0 ? 1 : 0 },
    outdated: changed.map((text) => ({ path: text.place, was: text.was, now: text.english })),
  };
}

/**
 * The problems of the content with `texts`, for one file, and those it brings into others: with
 * `before` (the content without the change), only those the other files did not have already.
 */
export function problemsWith(texts: ReadonlyMap<string, string>, file: EditableFile, before?: ReadonlyMap<string, string>): MemoryProblems {
  const checked = checkTexts(texts);
  const had = new Set(before ? checkTexts(before).problems.map(problemKey) : []);
  const own = `${MEMORY_CONTENT}/${file.rel}`;
  const values = new Map<string, unknown>();
  const shown = (problem: Problem): UiProblem => {
    const name = problem.file.slice(MEMORY_CONTENT.length + 1);
    if (!values.has(name)) values.set(name, parsed(texts.get(name) ?? ''));
    return uiProblemIn(problem, problem.file, values.get(name));
  };
  return {
    problems: checked.problems.filter((problem) => problem.file === own).map(shown),
    elsewhere: checked.problems.filter((problem) => problem.file !== own && !had.has(problemKey(problem))).map(shown),
    warnings: checked.warnings.filter((problem) => problem.file === own).map(shown),
    ...translationState(checked.translated, file),
  };
}

/**
 * For English services.yaml holding `value`: the service ids it renames, and the new texts of the
 * other files that name them (as site dev's save renames them), from the content `before`.
 */
export function renamedWith(
  before: ReadonlyMap<string, string>,
  file: EditableFile,
  value: unknown,
): { renames: Rename[]; files: Map<string, string> } {
  const was = before.get(file.rel);
  if (file.rel !== 'services.yaml' || was === undefined) return { renames: [], files: new Map() };
  const renames = renamedServices(parsed(was), value);
  const others = [...before].filter(([rel]) => rel !== file.rel).map(([rel, text]) => ({ rel, text }));
  return { renames, files: renameInFiles(others, renames) };
}

/**
 * The problems of a file holding a value as typed (its typed numbers beside it), in the content
 * `before`; a renamed service id is renamed in the files that name it first, as a save would.
 */
export function valueProblems(
  before: ReadonlyMap<string, string>,
  file: EditableFile,
  value: unknown,
  numbers: unknown,
): MemoryProblems & { renames: Rename[]; renamedIn: string[] } {
  const renamed = renamedWith(before, file, value);
  const texts = new Map([...before, ...renamed.files]).set(file.rel, textFor(file, before.get(file.rel), value, typedNumbers(numbers)));
  return { ...problemsWith(texts, file, before), renames: renamed.renames, renamedIn: [...renamed.files.keys()] };
}
