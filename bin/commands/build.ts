import { sentSizes } from '../../generator/serve/sizes.js';
import { build } from '../../generator/build.js';
import { hostNote, parseHost } from '../../generator/hosts.js';
import { formatProblems } from '../../generator/problems/format.js';
import { displayFolder } from '../../generator/write/out-guard.js';
import { compareText } from '../../generator/problems/order.js';
import { ContentError } from '../../generator/problems/problem.js';
import { sampleTextLine } from '../../generator/check/sample-text-line.js';
import { projectRoot } from '../../generator/contract/root.js';
import { writeSite } from '../../generator/write/write.js';
import { editorFiles, editorPhotosFile } from '../../generator/editor/worker-files.js';
import { progressLines } from '../../generator/translations/progress.js';
import { countForDeploy } from '../../generator/problems/strictness.js';
import { buildDate, resolveFrom, type Io } from '../io.js';
import { closedLine, ownLine } from './check.js';

interface BuildFlags {
  content: string;
  out: string;
  siteUrl?: string;
  formEndpoint?: string;
  strict?: boolean;
  completeTranslations?: boolean;
  closedWhileSample?: boolean;
  host?: string;
}

export async function runBuild(flags: BuildFlags, io: Io): Promise<void> {
  const started = performance.now();
  const host = parseHost(flags.host);
  const outDir = resolveFrom(io, flags.out);
  const contentDir = resolveFrom(io, flags.content);
  const shown = flags.out.trim() === '' ? 'the output folder' : displayFolder(outDir, io.cwd);
  // On Cloudflare the site's Worker serves the owner's editor from the built files; bundled meanwhile.
  const editor = host === 'cloudflare' ? editorFiles(projectRoot()) : Promise.resolve([]);
  editor.catch(() => undefined);
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({
      contentDir,
      now: buildDate(io),
      siteUrl: flags.siteUrl,
      formEndpoint: flags.formEndpoint,
      host,
      strict: flags.strict,
      completeTranslations: flags.completeTranslations,
      closedWhileSample: flags.closedWhileSample,
    });
  } catch (error) {
    if (error instanceof ContentError) {
      io.err(formatProblems(error.problems, error.sources, { cwd: io.cwd }));
      io.err(`Nothing was written: ${shown} still holds the last good site.`);
    }
    throw error;
  }
  // The phone's picker and preview learn from the build which files it wrote of each photo.
  const photos = host === 'cloudflare' ? [editorPhotosFile(result.site, result.photos)] : [];
  result = { ...result, files: [...result.files, ...(await editor), ...photos] };
  // Compressed on libuv's threads while the files are written, for the sizes printed below.
  const sent = sentSizes(result.files);
  // The closing lines are asked of the later stages first, then of the earlier ones, and printed last.
  const progress = progressLines(result.translations, result.warnings, contentDir, io.cwd);
  const sampleTexts = sampleTextLine(result.warnings, io.cwd);
  const note = hostNote(host);
  await writeSite(result.files, flags.out, { cwd: io.cwd, projectRoot: projectRoot(), contentDir: flags.content });
  if (result.warnings.length > 0) {
    io.err(formatProblems(result.warnings, result.sources, { cwd: io.cwd }));
    const { samples, refused, accepted, kinds } = countForDeploy(result.warnings, result.deploy, ownLine(result.deploy));
    if (samples + refused > 0) {
      io.err(
        `The site was built, but ${samples > 0 ? 'these sample values would go live as they are' : 'look at these warnings first'}. The deploy builds with --strict, which refuses them.\n`,
      );
    }
    if (accepted > 0) {
      io.err(
        `The site was built; the deploy accepts the ${accepted} warning${accepted === 1 ? '' : 's'} above about ${kinds.join(' and ')}, so look at ${accepted === 1 ? 'it' : 'them'} all the same.\n`,
      );
    }
    if (result.warnings.some((warning) => warning.code === 'photo-too-small')) {
      io.err('The site was built; the small photos above will look blurred on sharp screens until larger originals replace them.\n');
    }
  }
  const width = Math.max(...result.files.map((file) => file.path.length));
  const gzipped = await sent;
  for (const file of [...result.files].sort((a, b) => compareText(a.path, b.path))) {
    const raw = Buffer.byteLength(file.contents);
    const size = gzipped.get(file);
    io.out(`  ${file.path.padEnd(width)}  ${kb(raw).padStart(8)}  ${size === undefined ? '' : `${kb(size).padStart(8)} gzip`}`.trimEnd());
  }
  const { encoded, cached } = result.photoStats;
  if (encoded + cached > 0) io.out(`Photos: ${encoded} files encoded, ${cached} taken from the cache (node_modules/.cache/site-photos).`);
  const ms = Math.round(performance.now() - started);
  io.out(`Built ${result.files.length} files into ${shown} in ${ms} ms.`);
  if (sampleTexts) io.out(sampleTexts);
  for (const line of progress) io.out(line);
  if (note) io.out(note);
  if (result.closed) io.out(closedLine(result.closed));
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} kB`;
}
