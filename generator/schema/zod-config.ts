import { z } from 'zod';

/**
 * zod compiles a fast parser for each object schema the first time it parses one (with `new
 * Function`). That pays off where the same schemas parse again and again (`site dev` checks the
 * content on every save), not in a one-off `site build` or `site check`, which parses each file
 * once: there compiling cost more than it saved, a tenth of a cold build's validation time.
 * The setting is read when a schema is made, so the schema modules import this first (through
 * fields.ts), and a long-running command calls `compileParsers` before it loads them.
 */
z.config({ jitless: true });

/** For processes that check the content many times: from now on, schemas get compiled parsers. */
export function compileParsers(): void {
  z.config({ jitless: false });
}
