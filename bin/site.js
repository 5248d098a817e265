#!/usr/bin/env node
// The `site` command. The CLI is compiled ahead (npm run compile) so no TypeScript runs here.
// React renders several times faster in its production build; set it before anything imports React.
// NODE_ENV=development loads the bundle with React's development build, for its warnings.
process.env.NODE_ENV ??= 'production';
const { main } = await import(process.env.NODE_ENV === 'production' ? '../lib/cli/cli.js' : '../lib/cli-dev/cli.js');

process.exitCode = await main(process.argv.slice(2));
