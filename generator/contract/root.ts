import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (the one with package.json), found from this module's own location so it
 * is the same whether the generator runs compiled from lib/ or as source under the test runner.
 */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project folder (no package.json above the generator)');
    dir = parent;
  }
  return dir;
}
