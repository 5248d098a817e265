/** What the editor's server sends (generator/editor/): the shapes of its JSON answers. */

import type { FieldModel } from '../generator/editor/form-model.js';
import type { UiOutdated, UiProblem } from '../generator/editor/content/problems.js';
import type { TextCounts } from '../generator/translations/progress.js';

// The form model and problems are the server's own types: one definition for both sides.
export type { FieldBase, FieldModel, SelectOption } from '../generator/editor/form-model.js';
export type { UiOutdated, UiProblem } from '../generator/editor/content/problems.js';
export type { TextCounts } from '../generator/translations/progress.js';

export type Kind = FieldModel['kind'];
export type ModelOf<K extends Kind> = Extract<FieldModel, { kind: K }>;

export interface FileEntry {
  file: string;
  title: string;
  summary: string;
  language?: 'ml';
  english?: string;
  /** In a translation: how many texts it lacks, shown in English on its pages meanwhile. */
  untranslated?: number;
  /** In a translation: how many of its texts were translated from English that has changed since. */
  outdated?: number;
  exists: boolean;
}

export interface FileData {
  file: string;
  version: string;
  value: unknown;
  model: FieldModel;
  english?: unknown;
  missing?: string[];
  /** In a translation: the texts whose English changed since they were translated. */
  outdated?: UiOutdated[];
  /** In a translation: how many texts need a translator, as `site check` counts them. */
  counts?: TextCounts;
  problems: UiProblem[];
  /** Placeholders and likely mistakes: shown, saving allowed. */
  warnings?: UiProblem[];
  /** Site addresses this file shows on, the page it is mostly about first. */
  pages: string[];
  /** The file's text, when it cannot be read as YAML: shown to mend in place of the form. */
  text?: string;
  /** Numbers the file writes in other digits than the value reads (11.25880): shown as written. */
  numbers?: [(string | number)[], string][];
}

export interface ImageEntry {
  src: string;
  /** Where its picture is; on the phone, none for a photo of the repository the live site does not show yet. */
  url?: string;
  /** Its size; on the phone, unknown for a photo of the repository. */
  bytes?: number;
}

/** What the Publish panel shows: the server's own type. */
export type { PublishStatus as PublishState } from '../generator/editor/publish.js';
