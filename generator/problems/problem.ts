/**
 * A mistake in content that an operator can fix. Locations are 1-based, as editors show them.
 * `length` is how many characters the caret underline spans on `line`.
 */
export interface Problem {
  code: ProblemCode;
  /** Absolute path of the file the problem is in. */
  file: string;
  line?: number;
  column?: number;
  length?: number;
  /** Dot path of the value inside the file, e.g. services[2].pricing.starting; '' for the whole file. */
  path: string;
  /** What happened, why, and what to do, as whole sentences. */
  message: string;
  hint?: string;
  /**
   * The same problem in the editor's words, which speak of fields and buttons where the message
   * speaks of lines: `{field}` stands for the field's name as the editor labels it. Without it the
   * editor shows the message as it is.
   */
  editor?: { message: string; hint?: string };
  /** A warning does not stop a build; `--strict` refuses some (see problems/strictness.ts). */
  severity?: 'warning';
  /**
   * On a notice that a file has more warnings than are shown (`too-many-problems`): the kind of
   * those left out, so a strict build that refuses them refuses the notice with them.
   */
  more?: ProblemCode;
}

/**
 * Stable names for every kind of content problem, so an operator can search for one.
 * Never rename one; add new names instead.
 */
export const PROBLEM_CODES = {
  'yaml-syntax': 'The file is not valid YAML',
  'file-missing': 'A content file is missing',
  'file-unknown': 'A file in the content folder is not one the site reads',
  'file-empty': 'A content file is empty',
  'not-a-mapping': 'The top level of a file is not a set of settings',
  'wrong-type': 'A value is of the wrong kind',
  'missing-field': 'A required field is missing',
  'unknown-field': 'A field the site does not know',
  'not-allowed': 'A value outside the allowed set',
  'bad-format': 'A value in the wrong format',
  'too-few': 'A list or text is empty or too short',
  'too-many': 'A value is too large or a list too long',
  'unknown-reference': 'A reference to something that does not exist',
  'duplicate-id': 'An id used twice',
  'unsafe-url': 'A link that is unsafe or points where it may not',
  'invalid-value': 'A value that is not valid',
  imprecise: 'A number with fewer decimals than it needs',
  'too-complex': 'A file too large or too deeply nested to read safely',
  'too-many-problems': 'More problems in one file than are shown at once',
  placeholder: 'A sample value that must be replaced before the site is published',
  'not-utf8': 'A file saved in another encoding than UTF-8',
  'service-not-offered': 'A service the quote form does not offer',
  'text-cut-by-comment': 'Text cut short where " #" starts a comment',
  'photo-missing': 'A photo named in the content is not in the content folder',
  'photo-unreadable': 'A photo file is not a picture, or is damaged',
  'photo-outside-content': 'A photo path that leads outside the content folder',
  'photo-unsupported': 'A photo in a file type the site cannot publish',
  'photo-too-large': 'A photo with more pixels than the site can safely process',
  'photo-too-small': 'A photo smaller than the largest size it is shown at',
  'missing-translation': 'An English text has no translation',
  'extra-translation': 'A translated text or list item with no English one to translate',
  'low-contrast': 'A colour that would make text too hard to read',
  'static-replaced': 'A file in static/ that the build makes itself',
  disagrees: 'A value that disagrees with the one it stands beside',
  'initials-not-name': 'Review initials that are not those of the name beside them',
  'written-once': 'A value that is not text, written once in the English file, appears in a translation',
  'outdated-translation': 'The English text changed after its translation was written',
  'translation-needs-id': 'A translated list item without the id of the English item it translates',
  'translation-record': 'A mistake in the record of the English each translation was made from',
  'unknown-fact': 'A text names a fact that site.yaml does not have',
  'fact-contradicted': 'A text states a number or a place that site.yaml says otherwise',
  'fact-cycle': 'A fact in site.yaml whose value names itself, directly or through other facts',
  'fact-outside-text': 'A fact named in a path, an address, a phone number or an id, where facts are not filled in',
  'not-a-file': 'A folder or a link where the content folder needs a plain file',
  'sample-claim': 'A text still saying, word for word, what the sample company says of its story, services or promises',
  'sample-text': 'A text still worded, word for word, as the sample content words it',
} as const;

export type ProblemCode = keyof typeof PROBLEM_CODES;

/**
 * Problems reported for one file at most. Past a few dozen an operator fixes the first ones and
 * checks again; and a file with thousands of mistakes (50,000 unknown or repeated keys) must not
 * take minutes to locate and print.
 */
export const MAX_PROBLEMS_PER_FILE = 50;

/** Closes a file's list of problems when more were found than are shown. */
export function tooManyProblems(file: string, total: number, shown: number): Problem {
  return {
    code: 'too-many-problems',
    file,
    path: '',
    message: `This file has ${total} problems; only the first ${shown} are shown, so the list stays readable.`,
    hint: 'fix these, then check again to see the rest',
  };
}

/** Thrown when content has problems; carries every one, plus the sources for code frames. */
export class ContentError extends Error {
  override readonly name = 'ContentError';
  constructor(
    readonly problems: Problem[],
    readonly sources: ReadonlyMap<string, string>,
  ) {
    super(`${problems.length} problem${problems.length === 1 ? '' : 's'} in the content`);
  }
}

/** An operator's mistake outside content (a bad flag, a port in use): message, no stack, exit 1. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}
