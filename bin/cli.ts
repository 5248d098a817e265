import { Command, CommanderError } from 'commander';
import { inert } from '../generator/problems/inert.js';
import { ContentError, UsageError } from '../generator/problems/problem.js';
import type { Io } from './io.js';

// The commands import Io from io.ts, never from here: imports run one way, cli → commands → io.
export type { Io } from './io.js';

const defaultIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  cwd: process.cwd(),
};

/**
 * Runs the CLI on `argv` (without node and script) and resolves to the exit code:
 * 0 ok, 1 a mistake the operator can fix (message, no stack), 2 a bug (stack).
 */
export async function main(argv: readonly string[], io: Io = defaultIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    return report(error, io);
  }
}

function buildProgram(io: Io): Command {
  const program = new Command('site')
    .description('Builds the moving company website from the YAML files in content/.')
    .showSuggestionAfterError()
    .showHelpAfterError('(run "site --help" to see every command and option)')
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });

  program
    .command('build')
    .description('check the content, render every page and write the site folder')
    .option('--content <dir>', 'content folder', 'content')
    .option('--out <dir>', 'output folder: a new or empty one, or an earlier build, replaced only when the whole build succeeds', 'dist')
    .option('--site-url <url>', 'published address, instead of seo.siteUrl in site.yaml')
    .option('--form-endpoint <url>', 'quote form relay, instead of the addresses in site.yaml')
    .option(
      '--strict',
      "refuse to build while warnings the deploy refuses are left, such as sample values and the sample company's words (the deploy uses this)",
    )
    .option(
      '--complete-translations',
      'refuse to build while a Malayalam text is not translated yet (by default it shows in English) or was translated from English that has changed since',
    )
    .option(
      '--closed-while-sample',
      "with --strict: build the site closed, showing only the company's name and how to reach it, when the sample company's story is all it refuses (the deploy uses this)",
    )
    .option('--host <host>', 'where the site is published: cloudflare (the default) or github-pages, which says what that host leaves out')
    .action(
      async (options: {
        content: string;
        out: string;
        siteUrl?: string;
        formEndpoint?: string;
        strict?: boolean;
        completeTranslations?: boolean;
        closedWhileSample?: boolean;
        host?: string;
      }) => {
        const { runBuild } = await import('./commands/build.js');
        await runBuild(options, io);
      },
    );

  program
    .command('check')
    .description('check the content only; print every problem with its file, line and column')
    .option('--content <dir>', 'content folder', 'content')
    .option(
      '--strict',
      "count the warnings the deploy refuses, such as sample values and the sample company's words, as problems, as the deploy does",
    )
    .option('--site-url <url>', 'the published address will come from here, so seo.siteUrl may stay an example')
    .option(
      '--complete-translations',
      'count Malayalam texts not translated yet, or translated from English that has changed since, as problems',
    )
    .option(
      '--closed-while-sample',
      "with --strict: pass content whose only refusals are the sample company's story, as a build with the same option makes it a closed site",
    )
    .action(
      async (options: {
        content: string;
        strict?: boolean;
        siteUrl?: string;
        completeTranslations?: boolean;
        closedWhileSample?: boolean;
      }) => {
        const { runCheck } = await import('./commands/check.js');
        await runCheck(options, io);
      },
    );

  program
    .command('translations')
    .description('mark translations reviewed: record the English each was made from, as it is now')
    .requiredOption(
      '--accept <targets...>',
      'a translation folder (content/ml), file (content/ml/services.yaml) or text (content/ml/services.yaml:12, as a warning names it)',
    )
    .option('--content <dir>', 'content folder', 'content')
    .action(async (options: { accept: string[]; content: string }) => {
      const { runTranslations } = await import('./commands/translations.js');
      await runTranslations(options, io);
    });

  program
    .command('schema')
    .description('write JSON Schemas of the content files, so editors can check the YAML while you type')
    .option('--out <dir>', 'folder for the schemas (content files point at schemas/)', 'schemas')
    .action(async (options: { out: string }) => {
      const { runSchema } = await import('./commands/schema.js');
      await runSchema(options, io);
    });

  program
    .command('form-test')
    .description('send one test request to the quote form relay and say whether it was accepted (run once after publishing)')
    .option('--content <dir>', 'content folder', 'content')
    .option('--form-endpoint <url>', 'relay AJAX address, instead of the one made from form.recipient in site.yaml')
    .action(async (options: { content: string; formEndpoint?: string }) => {
      const { runFormTest } = await import('./commands/form-test.js');
      await runFormTest(options, io);
    });

  program
    .command('dev')
    .description('build, serve on this computer, and rebuild and reload the browser whenever a file changes')
    .option('--content <dir>', 'content folder', 'content')
    .option('--port <n>', 'port to serve on; 0 picks a free one (default: 4321)')
    .option('--host <host>', 'address to serve on; 0.0.0.0 lets other devices on the network connect', '127.0.0.1')
    .action(async (options: { content: string; port?: string; host: string }) => {
      const { runDev } = await import('./commands/dev.js');
      await runDev(options, io);
    });

  program
    .command('preview')
    .description('serve the built site folder as its host would, to check it before publishing')
    .option('--out <dir>', 'the built site folder', 'dist')
    .option('--port <n>', 'port to serve on; 0 picks a free one (default: 4322)')
    .option('--host <host>', 'address to serve on; 0.0.0.0 lets other devices on the network connect', '127.0.0.1')
    .addHelpText(
      'after',
      [
        '',
        "A Cloudflare build is served with the site's own Worker at /admin/ and /api/,",
        "offline, its database kept in node_modules/.cache/site-preview. The Worker's",
        'settings come from the environment, by their names in docs/worker.md:',
        'SETUP_CODE, FORM_RELAY, QUOTE_KEEP_DAYS, SITE_ORIGIN, GITHUB_API, GITHUB_APP_ID,',
        'GITHUB_APP_PRIVATE_KEY, GITHUB_REPOSITORY, GITHUB_BRANCH.',
      ].join('\n'),
    )
    .action(async (options: { out: string; port?: string; host: string }) => {
      const { runPreview } = await import('./commands/preview.js');
      await runPreview(options, io);
    });

  for (const command of program.commands) {
    command.exitOverride().showSuggestionAfterError().showHelpAfterError(`(run "site ${command.name()} --help" to see its options)`);
  }
  return program;
}

function report(error: unknown, io: Io): number {
  if (error instanceof CommanderError) {
    // Help and version are not failures; commander has already printed them.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help' || error.code === 'commander.version') return 0;
    return 1;
  }
  if (error instanceof ContentError) {
    return 1;
  }
  if (error instanceof UsageError) {
    // A usage message may quote a flag's value: printed inert, like content.
    io.err(inert(error.message));
    if (error.hint) io.err(`  hint: ${inert(error.hint)}`);
    return 1;
  }
  const stack = error instanceof Error ? (error.stack ?? error.message) : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? `\nCaused by: ${error.cause.stack ?? error.cause.message}` : '';
  io.err(`Something went wrong inside the site generator; this is a bug, not a content mistake.\n${stack}${cause}`);
  return 2;
}
