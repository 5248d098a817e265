import path from 'node:path';

/** Where the CLI writes; tests pass their own to capture output without spawning. */
export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  cwd: string;
}

/** A folder named on the command line, resolved from where the command runs. */
export function resolveFrom(io: Io, dir: string): string {
  return path.resolve(io.cwd, dir);
}
