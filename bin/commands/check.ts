import { checkContent } from '../../generator/build.js';
import { formatProblems } from '../../generator/format.js';
import { ContentError } from '../../generator/problem.js';
import { CONTENT_FILES } from '../../generator/schema/index.js';
import { resolveFrom, type Io } from '../cli.js';

export async function runCheck(options: { content: string }, io: Io): Promise<void> {
  const result = await checkContent(resolveFrom(io, options.content));
  if (result.problems.length > 0) {
    io.err(formatProblems(result.problems, result.sources, { cwd: io.cwd }));
    throw new ContentError(result.problems, result.sources);
  }
  io.out(`Content is valid: ${Object.keys(CONTENT_FILES).length} files checked.`);
}
