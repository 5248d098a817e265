import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { build } from '../../../../generator/build.js';
import { contentWithFixture, LIVE_CONTENT, SAMPLE_CONTENT } from '../../../helpers/content.js';
import { applyEnglishOnlyEdits, applyMonthOfEdits } from '../../../helpers/operator-edits.js';
import { contentWithPhotos, testPhoto } from '../../../helpers/photos.js';

/**
 * Every page the build writes is valid HTML according to the W3C Nu HTML Checker (vnu.jar from
 * the vnu-jar devDependency), which needs a Java runtime: for the frozen sample, for the
 * operator's content/, for a copy of content/ after a month of ordinary edits, and for the sample
 * with photos in every place they can go (<picture>, srcset, sizes), and for English edits not yet
 * translated (English texts inside Malayalam pages). A control page
 * with a known mistake is checked in the same run, so a checker that reports nothing at all
 * cannot pass the test.
 */

const PAGES = ['index.html', 'about/index.html', 'services/index.html', 'contact/index.html', 'privacy/index.html', '404.html'].flatMap(
  (page) => [page, `ml/${page}`],
);
const CONTROL = 'control/known-invalid.html';
/** Invalid on purpose: a <div> may not sit inside a <span>, and a <p> may not be closed twice. */
const CONTROL_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Control</title></head><body><span><div>x</div></span></p></body></html>';
// Five sites of five pages on a Java start-up (two encoding photos): slow on a busy two-core machine.
const TIMEOUT_MS = 180_000;

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** JAVA_HOME's java when that is set and present, else whichever java is on the PATH. */
function javaCommand(): string {
  const home = process.env.JAVA_HOME;
  const inHome = home ? path.join(home, 'bin', process.platform === 'win32' ? 'java.exe' : 'java') : undefined;
  return inHome && existsSync(inHome) ? inHome : 'java';
}

const NO_JAVA =
  'The HTML validity test needs a Java runtime (java 11 or newer) to run the W3C Nu HTML Checker, and none was found. ' +
  'Install one, e.g. `apt-get install -y default-jre-headless` on Debian/Ubuntu or `brew install openjdk` on macOS, ' +
  'or set JAVA_HOME to an installed JDK/JRE.';

function run(command: string, args: string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], timeout: timeoutMs });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new Error(`${NO_JAVA} (tried to run "${command}")`) : error);
    });
    child.on('close', (code, signal) => {
      if (signal) reject(new Error(`${command} was stopped by ${signal} (after the ${timeoutMs / 1000} s limit?)\n${stderr}`));
      else resolve({ code, stdout, stderr });
    });
  });
}

/** One message as a person reads it: file:line:column, the message, and the offending source. */
function describeMessage(message: VnuMessage, root: string): string {
  const file = message.url ? path.relative(root, decodeURIComponent(new URL(message.url).pathname)) : '(no file)';
  const line = message.lastLine ?? message.firstLine;
  const where = line === undefined ? file : `${file}:${line}:${message.firstColumn ?? message.lastColumn ?? 0}`;
  const extract = message.extract ? `\n      ${message.extract.replace(/\s+/g, ' ').trim()}` : '';
  return `  ${where} ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}${extract}`;
}

test(
  'the pages of each site, English and Malayalam, pass the W3C Nu HTML Checker with no errors',
  async () => {
    const java = javaCommand();
    const version = await run(java, ['-version'], 20_000);
    expect(version.code, `${java} -version failed:\n${version.stderr}`).toBe(0);

    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-vnu-'));
    temporary.push(dir);
    const edited = path.join(dir, 'edited-content');
    await cp(LIVE_CONTENT, edited, { recursive: true });
    await applyMonthOfEdits(edited);
    const photos = await contentWithPhotos();
    temporary.push(photos);
    // English edits not translated yet: the Malayalam pages carry English texts in <span lang="en">.
    const englishOnly = await contentWithFixture();
    temporary.push(englishOnly);
    await applyEnglishOnlyEdits(path.join(englishOnly, 'content'), await testPhoto('hero'));
    // Another company's colours and logo: the header's logo is a picture, the email breaks with <wbr>.
    const brand = await contentWithFixture('brand-malabar');
    temporary.push(brand);
    const sites = {
      sample: SAMPLE_CONTENT,
      brand: path.join(brand, 'content'),
      content: LIVE_CONTENT,
      'month-of-edits': edited,
      photos: path.join(photos, 'content'),
      'english-only-edits': path.join(englishOnly, 'content'),
    };
    const targets: string[] = [];
    for (const [site, contentDir] of Object.entries(sites)) {
      const { files } = await build({ contentDir, now: new Date('2031-05-01T12:00:00Z') });
      for (const name of PAGES) {
        const file = files.find((f) => f.path === name);
        if (!file) throw new Error(`The ${site} build has no ${name}; it has ${files.map((f) => f.path).join(', ')}`);
        const target = path.join(dir, site, name);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, file.contents);
        targets.push(target);
      }
    }
    await mkdir(path.join(dir, path.dirname(CONTROL)), { recursive: true });
    await writeFile(path.join(dir, CONTROL), CONTROL_HTML);
    targets.push(path.join(dir, CONTROL));

    const result = await run(java, ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...targets], TIMEOUT_MS - 5_000);

    // vnu writes its JSON report to stderr; anything else there (a Java error) is shown as it is.
    let report: { messages: VnuMessage[] };
    try {
      report = JSON.parse(result.stderr.trim() || result.stdout.trim()) as { messages: VnuMessage[] };
    } catch {
      throw new Error(`The Nu HTML Checker did not print a JSON report (exit code ${result.code}):\n${result.stderr}\n${result.stdout}`);
    }

    const errors = report.messages.filter((m) => m.type !== 'info');
    const isControl = (m: VnuMessage) => m.url !== undefined && decodeURIComponent(new URL(m.url).pathname).endsWith(CONTROL);
    const controlErrors = errors.filter(isControl);
    const pageErrors = errors.filter((m) => !isControl(m));

    expect(
      controlErrors.length,
      `The checker found nothing wrong with a page that is invalid on purpose, so its report cannot be trusted:\n${JSON.stringify(report, null, 2)}`,
    ).toBeGreaterThan(0);

    const readable = pageErrors.map((m) => describeMessage(m, dir)).join('\n');
    expect(pageErrors.length, `The Nu HTML Checker found ${pageErrors.length} error(s) in the built pages:\n${readable}\n`).toBe(0);
  },
  TIMEOUT_MS,
);
