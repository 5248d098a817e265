import { checkContent } from '../../generator/build.js';
import { formatProblems } from '../../generator/format.js';
import { ContentError } from '../../generator/problem.js';
import { CONTENT_FILES } from '../../generator/schema/index.js';
import { resolveFrom, type Io } from '../io.js';

export async function runCheck(options: { content: string; strict?: boolean; siteUrl?: string }, io: Io): Promise<void> {
  const result = await checkContent(resolveFrom(io, options.content), { strict: options.strict, siteUrlOverridden: options.siteUrl !== undefined });
  if (result.problems.length > 0) {
    io.err(formatProblems(result.problems, result.sources, { cwd: io.cwd }));
    throw new ContentError(result.problems, result.sources);
  }
  const files = Object.keys(CONTENT_FILES).length;
  if (result.warnings.length > 0) {
    io.err(formatProblems(result.warnings, result.sources, { cwd: io.cwd }));
    io.out(`Content is valid: ${files} files checked. Replace the ${result.warnings.length} sample values above before publishing: the deploy (site build --strict) refuses them.`);
    return;
  }
  io.out(`Content is valid: ${files} files checked.`);
}
