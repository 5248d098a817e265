#!/usr/bin/env node
// The `site` command. The CLI is compiled ahead (npm run compile) so no TypeScript runs here.
import { main } from '../lib/bin/cli.js';

process.exitCode = await main(process.argv.slice(2));
