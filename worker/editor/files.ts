/**
 * The editor's files on the phone, read from the company's repository at the commit the owner
 * started from, with the files saved on the phone laid over: the list, one file's form and
 * problems, a value checked as typed, and a value written into its file's text (kept on the phone).
 */
import { editableFiles, fileSummary, fileTitle, pagesOf, type EditableFile } from '../../generator/editor/content/files.js';
import {
  UNREADABLE,
  created,
  parsed,
  schemaOf,
  settled,
  textFor,
  typedNumbers,
  writtenNumbers,
} from '../../generator/editor/content/file-text.js';
import { problemsWith, renamedWith, valueProblems } from '../../generator/editor/content/memory-problems.js';
import { valueShapeProblem } from '../../generator/editor/content/value-shape.js';
import { changedLines } from '../../generator/editor/content/compare.js';
import { formModel } from '../../generator/editor/form-model.js';
import { TRANSLATIONS } from '../../generator/contract/languages.js';
import { sha256 } from '../crypto.js';
import type { Repository } from '../github/repository.js';
import { alignedEnglish } from '../../generator/translations/aligned.js';
import { recordAfterSave, recordFile } from './record.js';
import { contentTexts, textAt, type Snapshot } from './snapshot.js';

export interface Working {
  repository: Repository;
  snapshot: Snapshot;
  saved: ReadonlyMap<string, string>;
}

/** A refusal in the editor's words: the status, and the body the editor page reads. */
export class EditorRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === 'string' ? body.message : 'refused');
  }
}

/** A file's text as the phone sees it: saved on the phone, else GitHub's at the head. */
async function currentText(working: Working, file: EditableFile): Promise<string | undefined> {
  return working.saved.get(file.rel) ?? (await textAt(working.repository, working.snapshot, file.rel));
}

/** A file's version: the sha-256 of its text; '' for a file not there yet. */
const versionOf = async (text: string | undefined) => (text === undefined ? '' : sha256(text));

export async function listFiles(working: Working) {
  const languages = new Set(
    TRANSLATIONS.filter((language) => [...working.snapshot.shas.keys()].some((name) => name.startsWith(`${language.folder}/`))).map(
      (language) => language.code,
    ),
  );
  const files = await Promise.all(
    editableFiles()
      .filter((file) => !file.language || languages.has(file.language.code))
      .map(async (file) => {
        const text = await currentText(working, file);
        return {
          file: file.rel,
          title: fileTitle(file),
          summary: fileSummary(file, text),
          ...(file.language ? { language: file.language.code, english: file.name, untranslated: 0, outdated: 0 } : {}),
          exists: text !== undefined,
          ...(working.saved.has(file.rel) ? { kept: true } : {}),
        };
      }),
  );
  // The content as GitHub has it at the head: the phone checks what the owner types against it itself.
  const texts = Object.fromEntries(await contentTexts(working.repository, working.snapshot, new Map()));
  return {
    head: working.snapshot.head,
    files,
    texts,
    images: photosAt(working.snapshot),
  };
}

/** A photo the site can show, in content/images/ itself, as site dev's picker lists them. */
const PHOTO = /^images\/[^/]+\.(jpe?g|png|webp|avif)$/i;

/** The photos of content/images/ at the head, by the `src` a field names them with (images/van.jpg): the phone's picker lists them. */
function photosAt(snapshot: Snapshot): string[] {
  return [...snapshot.shas.keys()].filter((name) => PHOTO.test(name)).sort();
}

async function servicesIn(texts: ReadonlyMap<string, string>): Promise<{ id: string; title: string }[]> {
  const list = (parsed(texts.get('services.yaml') ?? '') as { services?: unknown } | undefined)?.services;
  if (!Array.isArray(list)) return [];
  return list.flatMap((service) =>
    service && typeof service.id === 'string'
      ? [{ id: service.id as string, title: typeof service.title === 'string' ? (service.title as string) : service.id }]
      : [],
  );
}

export async function readFile(working: Working, file: EditableFile) {
  const texts = await contentTexts(working.repository, working.snapshot, working.saved);
  const text = texts.get(file.rel);
  const value = text === undefined ? {} : (parsed(text) ?? null);
  const { problems, warnings, counts, outdated } = problemsWith(texts, file);
  return {
    file: file.rel,
    version: await versionOf(text),
    value,
    ...(value === null ? { text } : {}),
    numbers: text === undefined ? [] : writtenNumbers(text),
    // No icon drawings: they need React's server renderer, which the Worker does not carry; the picker names each icon.
    model: formModel(schemaOf(file), { services: await servicesIn(texts) }),
    pages: pagesOf(file),
    ...(file.language
      ? {
          // Entry by entry, the English each translates on the site (the record), as site dev shows it.
          english: alignedEnglish(file.name, parsed(texts.get(file.name) ?? '') ?? null, value, texts.get(recordFile(file.language))),
          // Each marked in the form: shown in English on the Malayalam page until filled in.
          missing: warnings.filter((problem) => problem.code === 'missing-translation').map((problem) => problem.path),
          outdated: outdated ?? [],
          ...(counts ? { counts } : {}),
        }
      : {}),
    problems,
    warnings,
  };
}

/** The problems of a file holding a value as typed, not kept yet. */
export async function checkValue(working: Working, file: EditableFile, value: unknown, numbers: unknown) {
  return valueProblems(await contentTexts(working.repository, working.snapshot, working.saved), file, value, numbers);
}

/**
 * A value written into its file's text, checked as a save on the computer is: the text the phone
 * keeps, and its version. Refused when the file changed on the phone since the value was read.
 */
export async function writeValue(
  working: Working,
  file: EditableFile,
  value: unknown,
  numbers: unknown,
  version: unknown,
  body: Record<string, unknown> = {},
) {
  const texts = await contentTexts(working.repository, working.snapshot, working.saved);
  const before = texts.get(file.rel);
  if (version !== (await versionOf(before))) throw new EditorRefusal(409, { code: 'editor-changed-meanwhile' });
  const shape = valueShapeProblem(value);
  if (shape) throw new EditorRefusal(422, { message: shape });
  let proposed: string;
  try {
    proposed = textFor(file, before, value, typedNumbers(numbers));
  } catch {
    throw new EditorRefusal(422, { code: 'editor-not-written' });
  }
  // A renamed service id is renamed in the files that name it, in the same save, as site dev's save does.
  const renamed = renamedWith(texts, file, value);
  const checked = problemsWith(new Map([...texts, ...renamed.files]).set(file.rel, proposed), file, texts);
  const refused = [...checked.problems, ...checked.elsewhere];
  if (refused.length > 0) throw new EditorRefusal(422, { problems: refused });
  const { text, changedLines: lines } = before === undefined ? created(proposed) : settled(before, proposed);
  // A translation saved records the English of the texts it changed, as site dev's save does.
  const record = recordAfterSave(new Map(texts).set(file.rel, text), file, before, body);
  return {
    version: await versionOf(text),
    text,
    changedLines: lines,
    ...(record ? { record } : {}),
    ...(renamed.renames.length > 0
      ? { renames: renamed.renames, renamedIn: [...renamed.files.keys()], renamedTexts: Object.fromEntries(renamed.files) }
      : {}),
  };
}

/** A file's text as typed in the text box (a file the form cannot show), kept once it reads as YAML. */
export async function writeText(working: Working, file: EditableFile, text: string, version: unknown) {
  const texts = await contentTexts(working.repository, working.snapshot, working.saved);
  const before = texts.get(file.rel);
  if (version !== (await versionOf(before))) throw new EditorRefusal(409, { code: 'editor-changed-meanwhile' });
  texts.set(file.rel, text);
  const unreadable = problemsWith(texts, file).problems.filter((problem) => UNREADABLE.has(problem.code));
  if (unreadable.length > 0) throw new EditorRefusal(422, { problems: unreadable });
  return {
    version: await versionOf(text),
    text,
    changedLines: before === undefined ? created(text).changedLines : changedLines(before, text),
  };
}
