import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Message } from 'esbuild';
import { formatProblems } from '../../problems/format.js';
import type { Problem } from '../../problems/problem.js';
import { TemplateError, type Templates } from './templates.js';

/**
 * Everything that stops the dev server from producing the site, in the form the terminal and
 * the browser overlay both print: located problems (formatProblems), plus any error that has no
 * location, with its stack.
 */
export interface Report {
  problems: Problem[];
  sources: Map<string, string>;
  notes: string[];
}

/** The text printed in the terminal and shown in the overlay, identical in both. */
export function formatReport(reports: readonly Report[], cwd: string): string {
  const problems = reports.flatMap((report) => report.problems);
  const sources = new Map(reports.flatMap((report) => [...report.sources]));
  const notes = reports.flatMap((report) => report.notes);
  return [...notes, ...(problems.length > 0 ? [formatProblems(problems, sources, { cwd })] : [])].join('\n\n');
}

/*
 * formatProblem does not print a problem's code, and the catalogue in problem.ts names content
 * mistakes only; template and bundling errors use its neutral 'invalid-value'.
 */
const CODE = 'invalid-value';

/**
 * An esbuild failure (a TSX/TS syntax error, an import that does not resolve, a missing stylesheet)
 * as located problems. `baseDir` is esbuild's working folder, which its locations are relative to.
 */
export async function bundleReport(error: unknown, what: string, baseDir: string): Promise<Report> {
  const messages = esbuildMessages(error);
  if (!messages) return bugReport(error, `bundling ${what}`);
  const report: Report = { problems: [], sources: new Map(), notes: [] };
  for (const message of messages) {
    const text = `${capitalise(what)} cannot be built: ${sentence(message.text)}`;
    const location = message.location;
    if (!location) {
      report.notes.push(text);
      continue;
    }
    const file = path.resolve(baseDir, location.file);
    if (!report.sources.has(file)) {
      const source = await readFile(file, 'utf8').catch(() => undefined);
      if (source !== undefined) report.sources.set(file, source);
    }
    report.problems.push({
      code: CODE,
      file,
      line: location.line,
      column: location.column + 1,
      length: Math.max(1, location.length),
      path: '',
      message: text,
      hint: message.notes[0]?.text ? lowerFirst(message.notes[0].text) : 'fix the marked line and save; the page reloads by itself',
    });
  }
  return report;
}

/** A template that threw while loading or rendering, located in its TSX source when the stack allows. */
export function templateReport(error: unknown, templates: Templates | undefined): Report {
  const location = error instanceof TemplateError ? error.location : templates?.locate(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
  const message = error instanceof Error ? (cause ? `${error.message}: ${cause.message}` : error.message) : String(error);
  if (!location) return bugReport(error, 'rendering the pages');
  const sources = new Map<string, string>();
  if (location.source !== undefined) sources.set(location.file, location.source);
  return {
    problems: [
      {
        code: CODE,
        file: location.file,
        line: location.line,
        column: location.column,
        length: 1,
        path: '',
        message: sentence(message),
        hint: 'the error was thrown at the marked line; fix the template (or the content it reads) and save',
      },
    ],
    sources,
    notes: [],
  };
}

/** An error with no location to give: what was being done, and the stack. */
export function bugReport(error: unknown, doing: string): Report {
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `\nCaused by: ${error.cause.stack ?? error.cause.message}` : '';
  return { problems: [], sources: new Map(), notes: [`Something failed while ${doing}.\n${stack}${cause}`] };
}

function esbuildMessages(error: unknown): Message[] | undefined {
  const errors = (error as { errors?: unknown } | null)?.errors;
  return Array.isArray(errors) && errors.length > 0 ? (errors as Message[]) : undefined;
}

function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
