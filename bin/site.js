#!/usr/bin/env node
// The `site` command. The CLI is compiled ahead (npm run compile) so no TypeScript runs here.
// React renders several times faster in its production build; set it before anything imports React.
process.env.NODE_ENV ??= 'production';
const { main } = await import('../lib/cli/cli.js');

process.exitCode = await main(process.argv.slice(2));
