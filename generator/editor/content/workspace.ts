import { mkdir, stat } from 'node:fs/promises';
import { acceptedPaths, changedSince, pathKey } from './accepted-paths.js';
import path from 'node:path';
import { TRANSLATIONS } from '../../contract/languages.js';
import { modeline } from '../../schema/derived/json-schema.js';
import type { ContentFile } from '../../schema/index.js';
import { formModel, type FieldModel } from '../form-model.js';
import { iconSvg } from '../icons.js';
import { contentFileNamed, insideContent } from '../security.js';
import { editableFiles, fileSummary, fileTitle, pagesOf, type EditableFile } from './files.js';
import { checkFile, translationCounts } from './problems.js';
import type { Session } from '../../contract/session.js';
import { updateRecord, writeRecord } from '../../translations/accept-files.js';
import { alignedEnglish } from '../../translations/aligned.js';
import { RECORD_FILE } from '../../load/load.js';
import { ContentError } from '../../problems/problem.js';
import type { TranslatedText } from '../../translations/sources.js';
import { changedLines } from './compare.js';
import { ConflictError, NotPlainFileError, readStored, writeStored } from './store.js';
import { IMAGES_FOLDER } from './upload.js';
import { saveYaml } from './yaml-save.js';
import {
  UNREADABLE,
  created,
  parsed,
  saveOptions,
  schemaOf,
  settled,
  textFor as textIn,
  typedNumbers,
  writtenNumbers,
  type TypedNumbers,
} from './file-text.js';
import { valueShapeProblem } from './value-shape.js';
import { renameInFiles, renamedServices, type Rename } from './rename.js';

/**
 * The content folder as the editor's JSON API sees it: in go file names and values from the
 * editor's page; out come each file's value, form and problems, and saved files that keep their
 * comments and layout. The drafts (unsaved values) are kept here too, for previews.
 */

/** A request the editor refuses, with the HTTP status to answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class ContentWorkspace {
  readonly #contentDir: string;
  /** What the dev server remembers between checks: a draft that changes one file parses only that one. */
  readonly #session: Session | undefined;
  /** Unsaved values by file, for previews. */
  readonly #drafts = new Map<string, { value: unknown; numbers: TypedNumbers }>();
  /** The form last made for each file, and the services it offers. */
  readonly #models = new Map<string, { key: string; model: FieldModel }>();

  /** `contentDir` is resolved already. */
  constructor(contentDir: string, session?: Session) {
    this.#contentDir = contentDir;
    this.#session = session;
  }

  /** Every file the editor offers, with its title, summary and, for a translation, how much is left. */
  async files() {
    // A translation's files are listed once its folder exists: that is when the site publishes it.
    const languages = await Promise.all(
      TRANSLATIONS.map(async (language) => ((await isFolder(path.join(this.#contentDir, language.folder))) ? [language.code] : [])),
    );
    const published = new Set(languages.flat());
    const counts =
      published.size > 0
        ? await translationCounts(this.#contentDir, this.#session)
        : new Map<string, { untranslated: number; outdated: number }>();
    const files = await Promise.all(
      editableFiles()
        .filter((file) => !file.language || published.has(file.language.code))
        .map(async (file) => {
          const stored = await this.#read(file).catch(() => undefined);
          return {
            file: file.rel,
            title: fileTitle(file),
            summary: fileSummary(file, stored?.text),
            ...(file.language
              ? {
                  language: file.language.code,
                  english: file.name,
                  untranslated: counts.get(file.rel)?.untranslated ?? 0,
                  outdated: counts.get(file.rel)?.outdated ?? 0,
                }
              : {}),
            exists: stored !== undefined,
          };
        }),
    );
    return { files, images: await isFolder(path.join(this.#contentDir, IMAGES_FOLDER)) };
  }

  /** One file: its value, form, problems and, for a translation, the English beside it. */
  async file(name: string) {
    const file = this.#named(name);
    // A file not there yet (a translation not started) opens empty, with version '': saving creates it.
    const stored = (await this.#read(file)) ?? { text: '', version: '' };
    const checked = await checkFile(this.#contentDir, file.rel, undefined, { session: this.#session });
    const english = file.language ? await this.#read({ rel: file.name, name: file.name }) : undefined;
    // The record says which English item each translated item without an id translates.
    const recordFile = file.language ? path.join(this.#contentDir, file.language.folder, RECORD_FILE) : undefined;
    const record =
      recordFile && (await insideContent(this.#contentDir, recordFile)) ? await readStored(recordFile).catch(() => undefined) : undefined;
    const value = stored.version === '' ? {} : (parsed(stored.text) ?? null);
    return {
      file: file.rel,
      version: stored.version,
      value,
      // A file the YAML reader cannot read has no form: the editor shows its text to mend instead.
      ...(value === null ? { text: stored.text } : {}),
      numbers: writtenNumbers(stored.text),
      model: await this.#model(file),
      pages: pagesOf(file),
      ...(file.language
        ? {
            english: alignedEnglish(file.name, parsed(english?.text ?? '') ?? null, value, record?.text),
            missing: checked.warnings.filter((p) => p.code === 'missing-translation').map((p) => p.path),
            outdated: checked.outdated ?? [],
            counts: checked.counts,
          }
        : {}),
      problems: checked.problems,
      warnings: checked.warnings,
    };
  }

  /** The problems of a file holding an unsaved value. */
  async check(body: unknown) {
    const { file, value, numbers } = this.#fileAndValue(body);
    const stored = await this.#read(file);
    const proposed = textFor(file, stored?.text, value, numbers);
    const renamed = await this.#renamed(file, stored?.text, value);
    const overrides = new Map([[file.rel, proposed], ...[...renamed.files].map(([rel, { text }]) => [rel, text] as const)]);
    return {
      ...(await checkFile(this.#contentDir, file.rel, overrides, { across: true, session: this.#session })),
      renames: renamed.renames,
      renamedIn: [...renamed.files.keys()],
    };
  }

  /** Keeps (or, given null, drops) a file's unsaved value for previews. */
  async draft(body: unknown) {
    const { file, value, numbers } = this.#fileAndValue(body, { nullable: true });
    if (value === null) this.#drafts.delete(file.rel);
    else this.#drafts.set(file.rel, { value, numbers });
    return { ok: true };
  }

  /** Writes a value into its file, keeping the file's comments and layout: the status and JSON to answer with. */
  async save(body: unknown): Promise<{ status: number; value: unknown }> {
    const { file, value, numbers } = this.#fileAndValue(body);
    const version = (body as { version?: unknown }).version;
    if (typeof version !== 'string') throw new HttpError(400, 'The save names no version of the file.');
    const stored = await this.#read(file);
    const conflict = `content/${file.rel} was changed outside the editor (in a text editor, or by git) since you opened it, so your version was not saved, to keep that change. Reload the file to see it, then make your change again.`;
    if ((stored?.version ?? '') !== version) return { status: 409, value: { message: conflict } };
    const shape = valueShapeProblem(value);
    if (shape) return { status: 422, value: { message: shape } };
    let proposed: string;
    try {
      proposed = stored ? saveYaml(stored.text, value, saveOptions(file, numbers)).text : textFor(file, undefined, value, numbers);
    } catch (error) {
      // The file on disk is untouched; the operator can change the value and save again.
      return {
        status: 422,
        value: {
          message: `This change could not be written into content/${file.rel} as it is, so nothing was saved: ${(error as Error).message}`,
        },
      };
    }
    // A renamed service id is renamed in the files that name it, in the same save.
    const renamed = await this.#renamed(file, stored?.text, value);
    // Checked as the form has it, so each problem's line is the one the value is on in the file now;
    // and across files, so a save never leaves another file naming what is gone.
    const overrides = new Map([[file.rel, proposed], ...[...renamed.files].map(([rel, { text }]) => [rel, text] as const)]);
    const checked = await checkFile(this.#contentDir, file.rel, overrides, { across: true, session: this.#session });
    const refused = [...checked.problems, ...(checked.elsewhere ?? [])];
    if (refused.length > 0) return { status: 422, value: { problems: refused } };
    const { text, changedLines } = stored ? settled(stored.text, proposed) : created(proposed);
    let saved: string;
    try {
      if (!stored) await mkdir(path.dirname(this.#path(file)), { recursive: true });
      // The files naming a renamed id first: a refusal there leaves the old id standing everywhere.
      for (const [rel, other] of renamed.files)
        await writeStored(path.join(this.#contentDir, ...rel.split('/')), other.text, other.version);
      saved = text === stored?.text ? stored.version : await writeStored(this.#path(file), text, stored?.version);
    } catch (error) {
      if (error instanceof ConflictError) return { status: 409, value: { message: conflict } };
      throw error;
    }
    this.#drafts.delete(file.rel);
    if (file.language) {
      const before = stored === undefined ? undefined : parsed(stored.text);
      const marked = acceptedPaths(body);
      // The file is saved either way; a record with a mistake is site check's to report.
      await this.#record(file, (text) => changedSince(before, value, text) || marked.has(pathKey(text.path)), true, before).catch(
        (error: unknown) => {
          if (!(error instanceof HttpError)) throw error;
        },
      );
    }
    return {
      status: 200,
      value: {
        version: saved,
        changedLines,
        ...(renamed.renames.length > 0 ? { renames: renamed.renames, renamedIn: [...renamed.files.keys()] } : {}),
      },
    };
  }

  /**
   * For English services.yaml holding `value`: the service ids it renames, and the new texts (with
   * the versions they were read at) of the other files that name them.
   */
  async #renamed(
    file: EditableFile,
    before: string | undefined,
    value: unknown,
  ): Promise<{ renames: Rename[]; files: Map<string, { text: string; version: string }> }> {
    const files = new Map<string, { text: string; version: string }>();
    if (file.rel !== 'services.yaml' || before === undefined) return { renames: [], files };
    const renames = renamedServices(parsed(before), value);
    if (renames.length === 0) return { renames, files };
    const names = [
      ...editableFiles()
        .filter((one) => one.rel !== file.rel)
        .map((one) => one.rel),
      ...TRANSLATIONS.map((language) => `${language.folder}/${RECORD_FILE}`),
    ];
    const read = await Promise.all(
      names.map(async (rel) => {
        const where = path.join(this.#contentDir, ...rel.split('/'));
        // A file whose link leads out of the content folder is neither read nor written.
        return { rel, stored: (await insideContent(this.#contentDir, where)) ? await readStored(where).catch(() => undefined) : undefined };
      }),
    );
    const texts = read.flatMap(({ rel, stored }) => (stored ? [{ rel, text: stored.text, version: stored.version }] : []));
    for (const [rel, text] of renameInFiles(texts, renames))
      files.set(rel, { text, version: texts.find((one) => one.rel === rel)!.version });
    return { renames, files };
  }

  /**
   * Marks translated texts reviewed without changing them ("Translation still right"): their
   * English is recorded as it is now, so they are no longer marked "English changed".
   */
  async accept(body: unknown) {
    const { file } = this.#fileAndValue({ ...(body as object), value: true });
    if (!file.language) throw new HttpError(400, `content/${file.rel} is not a translation.`);
    const paths = acceptedPaths(body);
    if (paths.size === 0) throw new HttpError(400, 'The request names no field to mark reviewed.');
    const update = await this.#record(file, (text) => paths.has(pathKey(text.path)), false);
    const checked = await checkFile(this.#contentDir, file.rel, undefined, { session: this.#session });
    return {
      accepted: update.accepted.get(file.rel)?.length ?? 0,
      outdated: checked.outdated ?? [],
      counts: checked.counts,
      warnings: checked.warnings,
    };
  }

  /**
   * Records the English of the chosen texts of a translation file (and, on a save, of those not
   * recorded yet); `before`, the file's data before a save, lets the record follow moved items.
   */
  async #record(file: EditableFile, chosen: (text: TranslatedText) => boolean, unrecorded: boolean, before?: unknown) {
    let update: Awaited<ReturnType<typeof updateRecord>>;
    try {
      const previous = before === undefined ? undefined : { file: this.#path(file), data: before };
      update = await updateRecord(
        this.#contentDir,
        file.language!,
        (text, translation) => translation.file === this.#path(file) && chosen(text),
        { unrecorded, previous },
      );
    } catch (error) {
      if (!(error instanceof ContentError)) throw error;
      const record = `content/${file.language!.folder}/${RECORD_FILE}`;
      throw new HttpError(
        422,
        `${record} has a mistake, so the English of this text could not be recorded (nothing in it was changed). Run "npx site check" to see where, mend it, and try again.`,
      );
    }
    await writeRecord(update);
    return update;
  }

  /**
   * Writes a file's text as typed in the editor's text box (a file with a YAML mistake has no form).
   * Refused, writing nothing, while the text still cannot be read as YAML: the form needs a tree.
   */
  async saveText(body: unknown): Promise<{ status: number; value: unknown }> {
    const { file, text, version } = (body ?? {}) as { file?: unknown; text?: unknown; version?: unknown };
    if (typeof file !== 'string') throw new HttpError(400, 'The request names no file.');
    if (typeof text !== 'string' || typeof version !== 'string') throw new HttpError(400, 'The request carries no text or no version.');
    const named = this.#named(file);
    const stored = await this.#read(named);
    const conflict = `content/${named.rel} was changed outside the editor (in a text editor, or by git) since you opened it, so your text was not saved, to keep that change. Reload the file to see it, then make your change again.`;
    if ((stored?.version ?? '') !== version) return { status: 409, value: { message: conflict } };
    const checked = await checkFile(this.#contentDir, named.rel, new Map([[named.rel, text]]), { session: this.#session });
    const unreadable = checked.problems.filter((problem) => UNREADABLE.has(problem.code));
    if (unreadable.length > 0) return { status: 422, value: { problems: unreadable } };
    try {
      if (!stored) await mkdir(path.dirname(this.#path(named)), { recursive: true });
      const saved = text === stored?.text ? stored.version : await writeStored(this.#path(named), text, stored?.version);
      return { status: 200, value: { version: saved, changedLines: stored ? changedLines(stored.text, text) : text.split('\n').length } };
    } catch (error) {
      if (error instanceof ConflictError) return { status: 409, value: { message: conflict } };
      throw error;
    }
  }

  /** The text of every file with a draft, the draft laid over it: what a preview reads in place of the files. */
  async overrides(): Promise<Map<string, string>> {
    const overrides = new Map<string, string>();
    for (const [rel, { value, numbers }] of this.#drafts) {
      const stored = await this.#read(this.#named(rel)).catch(() => undefined);
      overrides.set(rel, textFor(this.#named(rel), stored?.text, value, numbers));
      // A draft renaming a service's id shows as its save would leave the site: renamed where it is named.
      const renamed = await this.#renamed(this.#named(rel), stored?.text, value);
      for (const [other, { text }] of renamed.files) if (!this.#drafts.has(other)) overrides.set(other, text);
    }
    return overrides;
  }

  #named(name: string): EditableFile {
    const found = contentFileNamed(name);
    if (!found.ok) throw new HttpError(found.status, found.message);
    return found.file;
  }

  #fileAndValue(body: unknown, { nullable = false } = {}): { file: EditableFile; value: unknown; numbers: TypedNumbers } {
    const { file, value, numbers } = (body ?? {}) as { file?: unknown; value?: unknown; numbers?: unknown };
    if (typeof file !== 'string') throw new HttpError(400, 'The request names no file.');
    if (value === undefined || (value === null && !nullable)) throw new HttpError(400, 'The request carries no value.');
    return { file: this.#named(file), value, numbers: typedNumbers(numbers) };
  }

  #path(file: EditableFile): string {
    return path.join(this.#contentDir, ...file.rel.split('/'));
  }

  /** A content file's text and version; refused when a link leads it out of the content folder. */
  async #read(file: EditableFile) {
    const where = this.#path(file);
    if (!(await insideContent(this.#contentDir, where)))
      throw new HttpError(403, `content/${file.rel} leads outside the content folder, so the editor will not open it.`);
    return readStored(where).catch((error: unknown) => {
      if (error instanceof NotPlainFileError) throw new HttpError(403, error.message);
      throw error;
    });
  }

  /** A file's form, made again only when the services a select offers have changed. */
  async #model(file: EditableFile): Promise<FieldModel> {
    const services = await this.#services();
    const key = JSON.stringify(services);
    const known = this.#models.get(file.rel);
    if (known?.key === key) return known.model;
    const model = formModel(schemaOf(file), { services, iconSvg });
    this.#models.set(file.rel, { key, model });
    return model;
  }

  /** The services in services.yaml as it is on disk, for the fields that name one. */
  async #services(): Promise<{ id: string; title: string }[]> {
    const stored = await readStored(path.join(this.#contentDir, 'services.yaml')).catch(() => undefined);
    const list = (parsed(stored?.text ?? '') as { services?: unknown } | undefined)?.services;
    if (!Array.isArray(list)) return [];
    return list.flatMap((service) =>
      service && typeof service.id === 'string'
        ? [{ id: service.id as string, title: typeof service.title === 'string' ? (service.title as string) : service.id }]
        : [],
    );
  }
}

/** The text of file `rel` holding `value`; a file not there yet starts with the line naming its schema. */
function textFor(file: EditableFile, source: string | undefined, value: unknown, numbers: TypedNumbers = new Map()): string {
  return textIn(file, source, value, numbers, modeline(file.rel as ContentFile));
}

async function isFolder(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
