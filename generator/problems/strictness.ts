import type { Problem, ProblemCode } from './problem.js';

/**
 * What the deploy's strict build does with a warning:
 * - `refuses`: always, since each has a fix that makes it go away for good;
 * - `accepts`: never, since the owner may mean it or it harms no visitor;
 * - `refuses-incomplete`: only where translations must be complete (completeTranslations: true
 *   in site.yaml, or --complete-translations), since otherwise a page shows the English instead.
 */
export type Verdict = 'refuses' | 'accepts' | 'refuses-incomplete';

export interface Strictness {
  verdict: Verdict;
  /** The warning in a few words, as a refusal names it: "a strict build (the deploy) refuses {what}". */
  what: string;
  /** Why the deploy refuses or accepts it, in plain words. */
  why: string;
}

/**
 * Every kind of warning the checks report, with what the deploy (`site build --strict`) does
 * with it and why. `site check`, `site build` and the editor's Publish take their words from
 * here, and docs/reference/strictness.md shows the same table, so none says the deploy refuses
 * what it accepts.
 */
export const STRICTNESS = {
  placeholder: {
    verdict: 'refuses',
    what: 'placeholders',
    why: 'the sample’s phone number, email or address would go live as the company’s own, and visitors would reach someone else',
  },
  'service-not-offered': {
    verdict: 'refuses',
    what: 'a service left out of the form unless leftOut names it',
    why: 'visitors would read about a service they cannot ask a quote for; naming it under leftOut says it is meant',
  },
  'text-cut-by-comment': {
    verdict: 'refuses',
    what: 'text cut short by a comment',
    why: 'the page would show only the words before the #; quoting the text, or moving the comment to its own line, ends it',
  },
  'fact-contradicted': {
    verdict: 'refuses',
    what: 'a text that says otherwise than site.yaml',
    why: 'the site would tell visitors two founding years, figures or cities; writing the fact’s name makes the text say what site.yaml says',
  },
  'initials-not-name': {
    verdict: 'refuses',
    what: 'review initials that are not the writer’s',
    why: 'visitors see initials that do not match the name beside them and may doubt the review; without the avatar line they are taken from the name',
  },
  'sample-claim': {
    verdict: 'refuses',
    what: 'the sample company’s story, services, promises or figures (its rating, its reviews) left word for word, which may not be true of this company',
    why: 'visitors would read the sample company’s story, services or promises as this company’s own',
  },
  'sample-text': {
    verdict: 'accepts',
    what: 'a form’s or a menu’s wording kept word for word from the sample',
    why: 'such wording suits any company; it is pointed out only so the owner can make it their own',
  },
  disagrees: {
    verdict: 'accepts',
    what: 'a value that disagrees with the one beside it (a home card’s own title or link, a starting price above a price of its list)',
    why: 'the owner may mean the card to read or lead otherwise than its service, or be changing both prices one at a time, and only the owner can tell',
  },
  'photo-too-small': {
    verdict: 'accepts',
    what: 'a photo smaller than the largest size it is shown at',
    why: 'it is still the right photo, only blurred on sharp screens; holding back every other change for it would help no visitor',
  },
  'missing-translation': {
    verdict: 'refuses-incomplete',
    what: 'a text not translated yet',
    why: 'the translated page shows the English text meanwhile, marked as English',
  },
  'file-missing': {
    verdict: 'refuses-incomplete',
    what: 'a translation file not written yet',
    why: 'the translated pages show that file’s texts in English meanwhile',
  },
  'outdated-translation': {
    verdict: 'refuses-incomplete',
    what: 'a translation whose English changed since it was written',
    why: 'the page shows the English text until someone reviews the translation, as for a text not translated yet',
  },
  'extra-translation': {
    verdict: 'refuses-incomplete',
    what: 'a translated text with no English to translate',
    why: 'it is left out of the pages, so no visitor reads it',
  },
  'translation-needs-id': {
    verdict: 'refuses-incomplete',
    what: 'a translated list item without the id of its English item',
    why: 'it shows beside the English item in its place, which is right until the English list changes order',
  },
} as const satisfies Partial<Record<ProblemCode, Strictness>>;

export type WarningCode = keyof typeof STRICTNESS;

/** The row of a warning: a notice that more were left out has the row of those it stands for. */
export function strictnessOf(warning: Pick<Problem, 'code' | 'more'>): Strictness | undefined {
  const code = warning.more ?? warning.code;
  return code in STRICTNESS ? STRICTNESS[code as WarningCode] : undefined;
}

export interface Refusing {
  /** A strict build, as the deploy runs it. */
  strict?: boolean;
  /** Who asks for complete translations ("--complete-translations"), if anyone does. */
  completeBy?: string;
}

/**
 * Why `warning` is refused under `refusing`, as the end of its hint ("a strict build (the deploy)
 * refuses placeholders"), or undefined when it stays a warning.
 */
export function refusal(warning: Pick<Problem, 'code' | 'more'>, refusing: Refusing): string | undefined {
  const row = strictnessOf(warning);
  if (row?.verdict === 'refuses' && refusing.strict) return `a strict build (the deploy) refuses ${row.what}`;
  if (row?.verdict === 'refuses-incomplete' && refusing.completeBy) return `${refusing.completeBy} refuses ${row.what}`;
  return undefined;
}

/**
 * What a run refuses: under `strict`, the rows that refuse; the rows that wait for translations
 * where the run asks for complete ones, or where a strict run meets completeTranslations: true in
 * site.yaml (`asksComplete`).
 */
export function refusingOf(run: { strict?: boolean; completeTranslations?: boolean }, asksComplete: boolean): Refusing {
  const completeBy = run.completeTranslations
    ? '--complete-translations'
    : run.strict && asksComplete
      ? 'a strict build (the deploy), with completeTranslations: true in site.yaml,'
      : undefined;
  return { strict: run.strict, completeBy };
}

/** What the deploy refuses: it is a strict build (`site build --strict`), so what such a run refuses. */
export function deployRefusing(asksComplete: boolean): Refusing {
  return refusingOf({ strict: true }, asksComplete);
}

/** A notice that a file has more problems than are shown: it closes a list, and is not one of them. */
export function isNotice(problem: Pick<Problem, 'code'>): boolean {
  return problem.code === 'too-many-problems';
}

export interface DeployCounts {
  /** Sample values still to replace, which the deploy refuses. */
  samples: number;
  /** The other warnings the deploy refuses. */
  refused: number;
  /** The warnings the deploy publishes as they are, and what they are ("a photo smaller than…"). */
  accepted: number;
  kinds: string[];
}

/**
 * The warnings counted by what the deploy will do with them, for the end of `site check` and
 * `site build`. Notices that more were left out are not counted: they are not warnings of their
 * own. Nor are the warnings `ownLine` picks, which the command speaks of in a line of their own.
 */
export function countForDeploy(warnings: readonly Problem[], deploy: Refusing, ownLine: (warning: Problem) => boolean): DeployCounts {
  const counts: DeployCounts = { samples: 0, refused: 0, accepted: 0, kinds: [] };
  for (const warning of warnings) {
    if (isNotice(warning) || ownLine(warning)) continue;
    if (refusal(warning, deploy) === undefined) {
      counts.accepted++;
      const kind = strictnessOf(warning)?.what;
      if (kind !== undefined && !counts.kinds.includes(kind)) counts.kinds.push(kind);
    } else if (warning.code === 'placeholder') counts.samples++;
    else counts.refused++;
  }
  return counts;
}
