import { UsageError } from '../generator/problems/problem.js';
import path from 'node:path';

/** Where the CLI writes; tests pass their own to capture output without spawning. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
  /** The environment; tests pass their own (SOURCE_DATE_EPOCH). Left out, the process's. */
  env?: Readonly<Record<string, string | undefined>>;
}

/**
 * The build's date: SOURCE_DATE_EPOCH (seconds since 1970, the reproducible-builds convention)
 * when set, so the same sources build the same site on any day; else now. It counts ${years}
 * and the copyright year.
 */
export function buildDate(io: Io): Date {
  const epoch = (io.env ?? process.env).SOURCE_DATE_EPOCH?.trim();
  if (epoch === undefined || epoch === '') return new Date();
  if (!/^\d{1,12}$/.test(epoch)) {
    throw new UsageError(
      `SOURCE_DATE_EPOCH must be a whole number of seconds since 1 January 1970, got "${epoch}".`,
      "for example SOURCE_DATE_EPOCH=$(git log -1 --format=%ct), or leave it unset to build with today's date",
    );
  }
  return new Date(Number(epoch) * 1000);
}

/** A folder named on the command line, resolved from where the command runs. */
export function resolveFrom(io: Io, dir: string): string {
  return path.resolve(io.cwd, dir);
}
