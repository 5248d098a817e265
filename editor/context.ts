import { createContext, useContext } from 'react';
import type { Path } from './paths.js';
import type { ImageEntry, UiProblem } from './types.js';

/** What every field needs besides its own model and value. */
export interface FormContext {
  /** Problems by normalised path (see paths.ts). */
  problems: ReadonlyMap<string, UiProblem[]>;
  /** Warnings (placeholders, likely mistakes) by normalised path: shown, but saving is allowed. */
  warnings: ReadonlyMap<string, UiProblem[]>;
  /** For a translation file: the English file's value. */
  english?: unknown;
  /** For a translation file: the English value the value at a path translates (lists paired as the site pairs them). */
  englishOf: (path: readonly (string | number)[]) => unknown;
  /** For a translation file: the normalised paths still to be translated. */
  missing: ReadonlySet<string>;
  /** For a translation file: by normalised path, the English a text was translated from and the English now. */
  outdated: ReadonlyMap<string, { was: string; now: string }>;
  /** Marks the text at a path reviewed as it is ("Translation still right"). */
  accept: (path: readonly (string | number)[]) => void;
  /** The language of the text being edited, for the inputs' lang attribute. */
  lang: string;
  /** Photos in content/images/, and a way to read them again after an upload. */
  images: ImageEntry[];
  refreshImages: () => Promise<void>;
  /** A number as typed (11.25880), kept beside the value so the file gets those digits. */
  typedNumber: (path: Path) => string | undefined;
  setTypedNumber: (path: Path, text: string) => void;
  /** The whole value of the file, for a field that starts from, or follows, another (an office's hours). */
  root?: unknown;
}

export const FormContextValue = createContext<FormContext>({
  problems: new Map(),
  warnings: new Map(),
  missing: new Set(),
  englishOf: () => undefined,
  outdated: new Map(),
  accept: () => undefined,
  lang: 'en',
  images: [],
  refreshImages: async () => undefined,
  typedNumber: () => undefined,
  setTypedNumber: () => undefined,
});

export function useForm(): FormContext {
  return useContext(FormContextValue);
}
