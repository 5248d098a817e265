import { checkContent, checkSiteUrlFlag } from '../../generator/build.js';
import { formatProblems } from '../../generator/problems/format.js';
import { ContentError } from '../../generator/problems/problem.js';
import { SAMPLE_TEXT_CODES, sampleTextLine } from '../../generator/check/sample-texts.js';
import { isTranslationWarning, progressLines } from '../../generator/translations/progress.js';
import { buildDate, resolveFrom, type Io } from '../io.js';

export async function runCheck(options: { content: string; strict?: boolean; siteUrl?: string; completeTranslations?: boolean }, io: Io): Promise<void> {
  const contentDir = resolveFrom(io, options.content);
  if (options.siteUrl !== undefined) checkSiteUrlFlag(options.siteUrl);
  const result = await checkContent(contentDir, { now: buildDate(io), strict: options.strict, completeTranslations: options.completeTranslations, siteUrlOverridden: options.siteUrl !== undefined });
  if (result.problems.length > 0) {
    io.err(formatProblems(result.problems, result.sources, { cwd: io.cwd }));
    throw new ContentError(result.problems, result.sources);
  }
  const files = result.sources.size;
  if (result.warnings.length > 0) {
    io.err(formatProblems(result.warnings, result.sources, { cwd: io.cwd }));
    const samples = result.warnings.filter((warning) => warning.code === 'placeholder').length;
    const photos = result.warnings.filter((warning) => warning.code === 'photo-too-small').length;
    const translations = result.warnings.filter(isTranslationWarning).length;
    const texts = result.warnings.filter((warning) => SAMPLE_TEXT_CODES.includes(warning.code)).length;
    const others = result.warnings.length - samples - photos - translations - texts;
    const todo = [
      samples > 0 ? `Replace the ${samples} sample value${samples === 1 ? '' : 's'} above before publishing` : '',
      others > 0 ? `${samples > 0 ? 'look' : 'Look'} at the ${others} other warning${others === 1 ? '' : 's'}` : '',
    ].filter(Boolean);
    const notes = [
      todo.length > 0 ? `${todo.join(', and ')}: the deploy (site build --strict) refuses them.` : '',
      // A blurred photo is not worth stopping a deploy for: it stays a warning, even under --strict.
      photos > 0 ? `${photos === 1 ? 'The photo above' : `The ${photos} photos above`} will look blurred on sharp screens: use larger originals.` : '',
    ];
    io.out(`Content is valid: ${files} files checked. ${notes.filter(Boolean).join(' ')}`.trimEnd());
  } else {
    io.out(`Content is valid: ${files} files checked.`);
  }
  const sampleTexts = sampleTextLine(result.warnings, io.cwd);
  if (sampleTexts) io.out(sampleTexts);
  for (const line of progressLines(result.translations, result.warnings, contentDir, io.cwd)) io.out(line);
}
