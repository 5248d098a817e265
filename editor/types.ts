/** What the editor's server sends (generator/editor/): the shapes of its JSON answers. */

export interface FieldBase {
  key: string;
  label: string;
  help?: string;
  required: boolean;
  placeholder?: string;
}

export interface SelectOption {
  value: string;
  label: string;
  /** For icons: the icon drawn, as SVG markup made by the server from the site's own icon set. */
  svg?: string;
}

export type FieldModel = FieldBase &
  (
    | { kind: 'text' | 'longtext' | 'email' | 'phone' | 'url' | 'date' | 'boolean' }
    | { kind: 'number'; min?: number; max?: number; step?: number }
    | { kind: 'price' }
    | { kind: 'select'; options: SelectOption[] }
    | { kind: 'photo' }
    | { kind: 'list'; item: FieldModel; minItems?: number; maxItems?: number }
    | { kind: 'group'; fields: FieldModel[] }
    | { kind: 'choice'; variants: { label: string; model: FieldModel }[] }
  );

export type Kind = FieldModel['kind'];
export type ModelOf<K extends Kind> = Extract<FieldModel, { kind: K }>;

export interface UiProblem {
  file: string;
  path: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  code: string;
}

export interface FileEntry {
  file: string;
  title: string;
  summary: string;
  language?: 'ml';
  english?: string;
  exists: boolean;
}

export interface FileData {
  file: string;
  version: string;
  value: unknown;
  model: FieldModel;
  english?: unknown;
  missing?: string[];
  problems: UiProblem[];
  /** Placeholders and likely mistakes: shown, saving allowed. */
  warnings?: UiProblem[];
  /** Site addresses this file shows on, when the server knows them. */
  pages?: string[];
}

export interface ImageEntry {
  src: string;
  url: string;
  bytes: number;
}

export interface PublishState {
  repository: boolean;
  changed: string[];
  blocking: string[];
  remote: string | null;
  /** Commits made here but not yet sent (a push that failed earlier). */
  unpushed?: number;
}
