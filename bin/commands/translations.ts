import { formatProblems } from '../../generator/problems/format.js';
import { ContentError } from '../../generator/problems/problem.js';
import { acceptTargets } from '../../generator/translations/accept-files.js';
import { resolveFrom, type Io } from '../io.js';

export async function runTranslations(options: { accept: string[]; content: string }, io: Io): Promise<void> {
  try {
    for (const line of await acceptTargets(resolveFrom(io, options.content), options.accept, io.cwd)) io.out(line);
  } catch (error) {
    if (error instanceof ContentError) io.err(formatProblems(error.problems, error.sources, { cwd: io.cwd }));
    throw error;
  }
}
