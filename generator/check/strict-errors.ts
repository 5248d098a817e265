import type { Problem } from '../problems/problem.js';
import { refusal, type Refusing } from '../problems/strictness.js';

/**
 * The warnings a strict build refuses, made problems whose hint (in the editor's words too, which
 * Publish shows) says which rule refuses them; and the warnings it keeps.
 */
export function refusedWarnings(warnings: readonly Problem[], refusing: Refusing): { errors: Problem[]; kept: Problem[] } {
  const errors = warnings
    .filter((warning) => refusal(warning, refusing))
    .map(({ severity: _warning, ...problem }) => {
      const why = refusal(problem, refusing)!;
      const editor = problem.editor && { ...problem.editor, hint: problem.editor.hint ? `${problem.editor.hint}; ${why}` : why };
      return { ...problem, hint: `${problem.hint}; ${why}`, ...(editor ? { editor } : {}) };
    });
  return { errors, kept: warnings.filter((warning) => !refusal(warning, refusing)) };
}
