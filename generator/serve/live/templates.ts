import { mkdir, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { renderPages } from '../../render/render.js';
import { projectRoot } from '../../contract/root.js';

/** The templates as they are on disk now, and a way to find a thrown error in their sources. */
export interface Templates {
  render: typeof renderPages;
  /** Where in the TSX sources an error from these templates was thrown, if its stack says. */
  locate(error: unknown): SourceLocation | undefined;
}

export interface SourceLocation {
  /** Absolute path of the source file. */
  file: string;
  /** 1-based, as editors show them. */
  line: number;
  column: number;
  /** The file's text as it was bundled, for the code frame. */
  source?: string;
}

/** Gives every loaded copy of the templates its own module URL, so Node never reuses an old one. */
let loads = 0;

/**
 * Loads the page renderer with the templates in their current state, from the TSX sources: the
 * compiled copy in lib/ would be stale while they are edited, and Node caches every module it
 * imports. So generator/render/render.ts and the templates it imports are bundled with esbuild
 * (incrementally, keeping its cache between loads; react and the other packages stay external
 * and are shared) into a file of a new name, which is imported and then deleted.
 */
export class TemplateLoader {
  readonly #root: string;
  /** Inside the project's node_modules, so Node resolves react and friends from the bundle. */
  readonly #outDir = path.join(projectRoot(), 'node_modules', '.cache', 'site-dev');
  #context: Promise<esbuild.BuildContext> | undefined;

  /** `root` is the project folder holding generator/render/render.ts and templates/. */
  constructor(root: string) {
    this.#root = root;
  }

  /** Bundles and imports the templates; rejects with esbuild's BuildFailure when they do not compile. */
  async load(): Promise<Templates> {
    this.#context ??= esbuild.context({
      entryPoints: [path.join(this.#root, 'generator', 'render', 'render.ts')],
      absWorkingDir: this.#root,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      jsx: 'automatic',
      sourcemap: 'external',
      write: false,
      outfile: path.join(this.#outDir, 'render.mjs'),
      logLevel: 'silent',
    });
    const result = await (await this.#context).rebuild();
    const code = result.outputFiles?.find((file) => file.path.endsWith('.mjs'));
    const map = result.outputFiles?.find((file) => file.path.endsWith('.map'));
    if (!code || !map) throw new Error('esbuild produced no bundle of the templates');

    const file = path.join(this.#outDir, `render-${process.pid}-${++loads}.mjs`);
    await mkdir(this.#outDir, { recursive: true });
    await writeFile(file, code.text);
    const locate = locator(file, map.text, this.#outDir, path.join(this.#root, 'templates'));
    let module: { renderPages: typeof renderPages };
    try {
      // A path, not a file: URL: the CommonJS bundle turns this import into require().
      module = (await import(file)) as typeof module;
    } catch (error) {
      throw new TemplateError(error, locate(error));
    } finally {
      await rm(file, { force: true });
    }
    return { render: module.renderPages, locate };
  }

  async dispose(): Promise<void> {
    const context = this.#context;
    this.#context = undefined;
    await (await context?.catch(() => undefined))?.dispose();
  }
}

/** A template module that threw while it was imported. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  constructor(
    cause: unknown,
    readonly location: SourceLocation | undefined,
  ) {
    super(`A template failed while it was loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * Maps the first stack frame in the bundle back to its source with the bundle's source map,
 * preferring a frame in a template over one in the generator. Node's own source map support
 * would need a process-wide flag; this keeps it to the dev server.
 */
function locator(bundle: string, mapText: string, outDir: string, templatesDir: string): (error: unknown) => SourceLocation | undefined {
  let map: SourceMap | undefined;
  let payload: { sources: string[]; sourcesContent?: (string | null)[] } | undefined;
  const name = path.basename(bundle).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return (error) => {
    const chain: unknown[] = [error, error instanceof Error ? error.cause : undefined];
    const locations: SourceLocation[] = [];
    for (const link of chain) {
      if (!(link instanceof Error) || !link.stack) continue;
      for (const match of link.stack.matchAll(new RegExp(`${name}:(\\d+):(\\d+)`, 'g'))) {
        payload ??= JSON.parse(mapText) as NonNullable<typeof payload>;
        map ??= new SourceMap(payload as never);
        const entry = map.findEntry(Number(match[1]) - 1, Number(match[2]) - 1) as Partial<{
          originalSource: string;
          originalLine: number;
          originalColumn: number;
        }>;
        if (entry.originalSource === undefined || entry.originalLine === undefined) continue;
        const index = payload.sources.indexOf(entry.originalSource);
        locations.push({
          file: path.resolve(outDir, entry.originalSource),
          line: entry.originalLine + 1,
          column: (entry.originalColumn ?? 0) + 1,
          source: payload.sourcesContent?.[index] ?? undefined,
        });
      }
    }
    return locations.find((location) => location.file.startsWith(templatesDir + path.sep)) ?? locations[0];
  };
}
