import type { Problem } from '../../problems/problem.js';
import { fieldName } from '../form-model.js';

/** A problem as the editor's browser app shows it at its field. */
export interface UiProblem {
  /** e.g. content/services.yaml */
  file: string;
  /** e.g. services[2].pricing.starting; '' for the whole file. */
  path: string;
  /** The field's name as the form labels it: Company › Name. */
  field: string;
  line?: number;
  column?: number;
  message: string;
  hint?: string;
  code: string;
}

/**
 * A problem as the editor shows it: in its own words (fields, not lines) where the problem has
 * them; `data`, the file's value, names list entries by their place, as the form labels them.
 * `file` is the problem's file as the owner reads it: content/services.yaml.
 */
export function uiProblemIn(problem: Problem, file: string, data?: unknown): UiProblem {
  const field = fieldName(problem.path, data);
  const words = (text: string) => text.replaceAll('{field}', field);
  const message = problem.editor ? words(problem.editor.message) : problem.message;
  const hint = problem.editor ? (problem.editor.hint === undefined ? undefined : words(problem.editor.hint)) : problem.hint;
  return {
    file,
    path: problem.path,
    field,
    ...(problem.line !== undefined ? { line: problem.line, column: problem.column ?? 1 } : {}),
    message,
    ...(hint ? { hint } : {}),
    code: problem.code,
  };
}
