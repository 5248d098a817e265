import { checkContent, checkSiteUrlFlag } from '../../generator/build.js';
import { formatProblems } from '../../generator/problems/format.js';
import { ContentError, type Problem } from '../../generator/problems/problem.js';
import { countForDeploy, type Refusing } from '../../generator/problems/strictness.js';
import { SAMPLE_TEXT_CODES } from '../../generator/check/sample-texts.js';
import { sampleTextLine } from '../../generator/check/sample-text-line.js';
import { isTranslationWarning, progressLines } from '../../generator/translations/progress.js';
import { buildDate, resolveFrom, type Io } from '../io.js';

export async function runCheck(
  options: { content: string; strict?: boolean; siteUrl?: string; completeTranslations?: boolean; closedWhileSample?: boolean },
  io: Io,
): Promise<void> {
  const contentDir = resolveFrom(io, options.content);
  if (options.siteUrl !== undefined) checkSiteUrlFlag(options.siteUrl);
  const result = await checkContent(contentDir, {
    now: buildDate(io),
    strict: options.strict,
    completeTranslations: options.completeTranslations,
    closedWhileSample: options.closedWhileSample,
    siteUrlOverridden: options.siteUrl !== undefined,
  });
  if (result.problems.length > 0) {
    io.err(formatProblems(result.problems, result.sources, { cwd: io.cwd }));
    // A strict check of a copied sample can print hundreds of refusals: say where to start.
    for (const line of whereToStart(result.problems, io.cwd)) io.err(line);
    throw new ContentError(result.problems, result.sources);
  }
  const files = result.sources.size;
  if (result.warnings.length > 0) {
    io.err(formatProblems(result.warnings, result.sources, { cwd: io.cwd }));
    const { samples, refused, accepted, kinds } = countForDeploy(result.warnings, result.deploy, ownLine(result.deploy));
    const photos = result.warnings.filter((warning) => warning.code === 'photo-too-small').length;
    const todo = [
      samples > 0 ? `Replace the ${samples} sample value${samples === 1 ? '' : 's'} above before publishing` : '',
      refused > 0 ? `${samples > 0 ? 'look' : 'Look'} at the ${refused} other warning${refused === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    const notes = [
      todo.length > 0 ? `${todo.join(', and ')}: the deploy (site build --strict) refuses them.` : '',
      accepted > 0
        ? `The deploy accepts the ${accepted} warning${accepted === 1 ? '' : 's'} about ${kinds.join(' and ')}: look at ${accepted === 1 ? 'it' : 'them'} all the same.`
        : '',
      photos > 0
        ? `${photos === 1 ? 'The photo above' : `The ${photos} photos above`} will look blurred on sharp screens: use larger originals.`
        : '',
    ];
    io.out(`Content is valid: ${files} files checked. ${notes.filter(Boolean).join(' ')}`.trimEnd());
  } else {
    io.out(`Content is valid: ${files} files checked.`);
  }
  const sampleTexts = sampleTextLine(result.warnings, io.cwd);
  if (sampleTexts) io.out(sampleTexts);
  for (const line of progressLines(result.translations, result.warnings, contentDir, io.cwd)) io.out(line);
  if (result.closed) io.out(closedLine(result.closed));
}

/** What a site closed while its texts are the sample's shows, and when it opens. */
export function closedLine(count: number): string {
  return `The deploy publishes the site closed: ${count} text${count === 1 ? ' is' : 's are'} still the sample company's story, services, promises or figures, so every page shows only the company's name, phone, WhatsApp, email and address. The editor at /admin/ works meanwhile; the site opens by itself with the first publish after the last of them is written in the company's own words.`;
}

/** After the problems a strict check refuses, among others: the sample values to replace, and where the sample's wording starts. */
function whereToStart(problems: readonly Problem[], cwd: string): string[] {
  const samples = problems.filter((problem) => problem.code === 'placeholder').length;
  return [
    samples > 0 && samples < problems.length ? `Replace the ${samples} sample value${samples === 1 ? '' : 's'} above first.` : '',
    sampleTextLine(problems, cwd) ?? '',
  ].filter(Boolean);
}

/**
 * The warnings `site check` and `site build` speak of in a line of their own, not in the count of
 * what the deploy refuses or accepts: photos too small, sample wording, and translations unless
 * the deploy waits for them (their progress lines).
 */
export function ownLine(deploy: Refusing): (warning: Problem) => boolean {
  return (warning) =>
    warning.code === 'photo-too-small' ||
    (deploy.completeBy === undefined && isTranslationWarning(warning)) ||
    SAMPLE_TEXT_CODES.includes(warning.code);
}
