#!/usr/bin/env node
// The `site` command. The CLI is compiled ahead (npm run compile) so no TypeScript runs here.
// React renders several times faster in its production build; set it before anything imports React.
// NODE_ENV=development loads the bundle with React's development build, for its warnings.
import path from 'node:path';
import { loadWithCodeCache } from './code-cache.js';

process.env.NODE_ENV ??= 'production';
const argv = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  const command = argv.find((word) => !word.startsWith('-')) ?? 'help';
  const cli = loadWithCodeCache(path.join(root, 'lib/cli/cli.cjs'), command, path.join(root, 'node_modules/.cache/site-cli'));
  process.exitCode = await cli.exports.main(argv);
  // A run that failed (a mistyped command, invalid content) may have stopped early: its cache would lack most of the code.
  if (process.exitCode === 0) cli.save();
} else {
  const { main } = await import('../lib/cli-dev/cli.js');
  process.exitCode = await main(argv);
}
