import path from 'node:path';
import type { OutputFile } from '../contract/output.js';
import { ContentError, type Problem } from '../problems/problem.js';
import type { StaticFile } from '../bundle/bundle.js';

/**
 * The owner's static/ files, to publish beside the files the build makes. A static file at an
 * address the build writes itself (logo.png, a share picture, sitemap.xml) would be replaced
 * without a word, or would replace what the build made: the build refuses, naming the file and
 * what to do, so nothing the owner put there is ever lost quietly.
 */
export function staticFilesBeside(files: readonly StaticFile[], made: readonly OutputFile[]): StaticFile[] {
  const madePaths = new Set(made.map((file) => file.path));
  const clashes = files.filter((file) => madePaths.has(file.path));
  if (clashes.length === 0) return [...files];
  const problems: Problem[] = clashes.map((file) => ({
    code: 'static-replaced',
    file: file.source,
    path: '',
    message: `static/${file.path} has the address of a file the build makes itself from the content (/${file.path}), so one of the two would be lost.`,
    hint: advice(file.path),
  }));
  throw new ContentError(problems, new Map());
}

function advice(name: string): string {
  const base = path.posix.basename(name);
  if (/^(logo|icon-\d+|apple-touch-icon)\.png$/.test(base) || base === 'favicon.svg') {
    return `to use it as the logo, move it to content/images/${base.replace(/\.svg$/, '.png')} and write "logo: images/${base.replace(/\.svg$/, '.png')}" under brand: in content/site.yaml; otherwise rename or delete static/${name}`;
  }
  if (/^share(-\w+)?\.png$/.test(base)) {
    return `the share pictures are drawn from the content now; to show a photo instead, move it to content/images/ and name it under seo.shareImage in content/site.yaml, then delete static/${name}`;
  }
  return `rename static/${name}, or delete it if the build's own file is what you want`;
}
