import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { main } from '../../bin/cli.js';
import { captureIo, contentWithFixture } from './content.js';

/** Where the current test's copy of the content is: `dir`, with the content at `content`. */
export interface ContentCopy {
  readonly dir: string;
  readonly content: string;
  /** Runs the `site` command in `dir`: its exit code and what it printed on stderr. */
  site(...args: string[]): Promise<{ code: number; err: string }>;
}

/** A fresh copy of the sample content (with `fixture` laid over it) for every test of the file, removed after it. */
export function contentEachTest(fixture?: string): ContentCopy {
  const copy = {
    dir: '',
    content: '',
    async site(...args: string[]) {
      const io = captureIo(copy.dir);
      const code = await main(args, io);
      return { code, err: io.stderr() };
    },
  };
  beforeEach(async () => {
    copy.dir = await contentWithFixture(fixture);
    copy.content = path.join(copy.dir, 'content');
  });
  afterEach(async () => {
    await rm(copy.dir, { recursive: true, force: true });
  });
  return copy;
}
