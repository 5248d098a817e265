import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../../bin/cli.js';
import { build } from '../../../../generator/build.js';
import { startDev } from '../../../../generator/serve/dev.js';
import type { RunningServer } from '../../../../generator/serve/http.js';
import type { ReloadEvent } from '../../../../generator/serve/live/reload.js';
import { captureIo, contentWithFixture, ROOT, SAMPLE_CONTENT } from '../../../helpers/content.js';
import { testPhoto } from '../../../helpers/photos.js';

/** The server-sent events of one open page, read with fetch as a browser's EventSource would. */
interface EventStream {
  /** The next event of `type` (already received or yet to come) that `accept` takes, skipping the rest. */
  next<T>(type: string, accept?: (data: T) => boolean): Promise<T>;
  close(): void;
}

async function openEvents(url: string): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(new URL('/__dev/events', url), { signal: controller.signal });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const received: { type: string; data: unknown }[] = [];
  let wake: () => void = () => undefined;
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type && data) received.push({ type, data: JSON.parse(data) });
          wake();
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  return {
    async next<T>(type: string, accept: (data: T) => boolean = () => true): Promise<T> {
      for (;;) {
        const index = received.findIndex((event) => event.type === type && accept(event.data as T));
        if (index !== -1) {
          const [event] = received.splice(0, index + 1).slice(-1);
          return event!.data as T;
        }
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    close: () => controller.abort(),
  };
}

const decode = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The text of the overlay's <pre>, unescaped: what the operator reads in the browser. */
function overlayText(html: string): string | undefined {
  const match = /<pre>([\s\S]*)<\/pre>/.exec(html);
  return match ? decode(match[1]!) : undefined;
}

/** The status of a request sent with its target exactly as given. */
function rawStatus(url: string, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    request({ host: hostname, port, path: target }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

async function get(url: string, pathname: string): Promise<{ status: number; type: string | null; body: string; location: string | null }> {
  const response = await fetch(new URL(pathname, url), { redirect: 'manual' });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    body: await response.text(),
    location: response.headers.get('location'),
  };
}

/**
 * Saves a file whole, as editors that write a copy and rename it do. A plain writeFile empties the
 * file before writing it, and a rebuild that read it in between would show a problem the test did
 * not make (the server rebuilds again once the write is complete; the test should not need to wait).
 */
async function save(file: string, text: string | Buffer): Promise<void> {
  const scratch = path.join(path.dirname(file), `.${path.basename(file)}.saving`);
  await writeFile(scratch, text);
  await rename(scratch, file);
}

const temporary: string[] = [];
afterAll(async () => {
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/**
 * A copy of the project's templates, client and generator, with the sample content: a test can break them safely,
 * and edits others make to the real ones meanwhile do not reach the server under test.
 */
async function projectCopy(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-dev-project-'));
  temporary.push(dir);
  for (const folder of ['generator', 'templates', 'client', 'static']) {
    if (existsSync(path.join(ROOT, folder))) await cp(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
  }
  await cp(SAMPLE_CONTENT, path.join(dir, 'content'), { recursive: true });
  return dir;
}

describe('site dev: content edits', () => {
  let dir: string;
  let io: ReturnType<typeof captureIo>;
  let server: RunningServer;
  let events: EventStream;
  const about = () => path.join(dir, 'content/pages/about.yaml');
  let original: string;

  beforeAll(async () => {
    dir = await projectCopy();
    original = await readFile(about(), 'utf8');
    io = captureIo(dir);
    server = await startDev({ contentDir: path.join(dir, 'content'), root: dir, log: io });
    events = await openEvents(server.url);
    await events.next('hello');
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
  });

  it('serves every page from memory with the reload script as an external file', async () => {
    for (const pathname of ['/', '/about/', '/services/', '/contact/']) {
      const page = await get(server.url, pathname);
      expect(page.status, pathname).toBe(200);
      expect(page.type).toBe('text/html; charset=utf-8');
      expect(page.body).toMatch(/<script type="module" src="\/__dev\/reload\.js\?build=[^"]+"><\/script><\/head>/);
    }
    // As on the hosts, a folder's address without its slash redirects, keeping the query.
    const bare = await get(server.url, '/about?from=menu');
    expect([bare.status, bare.location]).toEqual([307, '/about/?from=menu']);
    const fileName = await get(server.url, '/about/index.html');
    expect([fileName.status, fileName.location]).toEqual([307, '/about/']);
    const script = await get(server.url, '/__dev/reload.js');
    expect(script.type).toBe('text/javascript; charset=utf-8');
    expect(script.body).toContain('new EventSource("/__dev/events")');
    const missing = await get(server.url, '/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.body).toContain('/__dev/reload.js');
    // The nearest 404 page, as on Cloudflare: a mistyped Malayalam address gets the Malayalam one.
    const missingMl = await get(server.url, '/ml/no-such-page');
    expect([missingMl.status, /<html[^>]* lang="([^"-]+)/.exec(missingMl.body)?.[1]]).toEqual([404, 'ml']);
  });

  it('reloads the page with the new text after a content file is saved', async () => {
    await save(
      about(),
      original.replace('title: Moving Kerala Families Since ${founded}', 'title: Moving Kerala Families Since ${founded}, With Care'),
    );
    const event = await events.next<ReloadEvent>('reload', (data) => data.ok && data.changed.includes('content/pages/about.yaml'));
    const page = await get(server.url, '/about/');
    expect(page.body).toContain('Moving Kerala Families Since 2008, With Care');
    expect(page.body).toContain(`/__dev/reload.js?build=${encodeURIComponent(event.build)}`);
    expect(io.stdout()).toMatch(/content\/pages\/about\.yaml changed: checked content, rendered 12 pages in \d+ ms\./);
  });

  it('shows the located problem on every page while the file is broken, exactly as the terminal prints it', async () => {
    const lines = original.split('\n');
    const line = lines.findIndex((text) => text.startsWith('  title: Moving Kerala Families')) + 1;
    lines[line - 1] = '  title: "Moving Kerala Families Since 2008';
    await save(about(), lines.join('\n'));
    await events.next<ReloadEvent>('reload', (data) => !data.ok);

    const page = await get(server.url, '/about/');
    expect(page.status).toBe(500);
    const text = overlayText(page.body);
    expect(text).toMatch(new RegExp(`^content/pages/about\\.yaml:${line}:\\d+`, 'm'));
    expect(text).toContain(' > ');
    expect(text).toContain('hint: ');
    expect(io.stderr().endsWith(text!)).toBe(true);
    // The page's text is escaped, not markup: the code frame's quote comes out as &quot;.
    expect(page.body).toContain('title: &quot;Moving Kerala Families');
    expect(page.body).toContain('<link rel="stylesheet" href="/__dev/overlay.css">');
    expect(page.body).toContain('/__dev/reload.js?build=');
    for (const other of ['/', '/services/', '/missing']) expect(overlayText((await get(server.url, other)).body)).toBe(text);
  });

  it('brings the pages back once the file is fixed', async () => {
    await save(about(), original);
    await events.next<ReloadEvent>('reload', (data) => data.ok);
    const page = await get(server.url, '/about/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('Moving Kerala Families Since 2008');
    expect(page.body).not.toContain('data-dev-overlay');
    expect(io.stdout()).toMatch(/rendered 12 pages in \d+ ms \(fixed\)\./);
  });

  it('reports a deleted content file and recovers when it is restored', async () => {
    const file = path.join(dir, 'content/whatsapp.yaml');
    const saved = await readFile(file, 'utf8');
    await rm(file);
    await events.next<ReloadEvent>('reload', (data) => !data.ok);
    const page = await get(server.url, '/contact/');
    expect(page.status).toBe(500);
    expect(overlayText(page.body)).toContain('The file whatsapp.yaml is missing');

    await save(file, saved);
    await events.next<ReloadEvent>('reload', (data) => data.ok);
    expect((await get(server.url, '/contact/')).status).toBe(200);
  });

  it('refuses paths outside the site', async () => {
    // fetch would resolve the dots itself; a raw request sends them as they are.
    for (const target of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2fpackage.json']) {
      expect(await rawStatus(server.url, target), target).toBe(400);
    }
  });
});

describe('site dev: photos', () => {
  let dir: string;
  let server: RunningServer;
  let events: EventStream;
  const heroSources = async () => /<source type="image\/avif" srcSet="([^"]+)"/.exec((await get(server.url, '/')).body)?.[1];

  beforeAll(async () => {
    dir = await projectCopy();
    await cp(SAMPLE_CONTENT, path.join(dir, 'content'), { recursive: true });
    await mkdir(path.join(dir, 'content/images'), { recursive: true });
    await writeFile(path.join(dir, 'content/images/truck.jpg'), await testPhoto('small'));
    const home = path.join(dir, 'content/pages/home.yaml');
    const text = await readFile(home, 'utf8');
    await writeFile(
      home,
      text.replace('  highlights:\n', '  image:\n    src: images/truck.jpg\n    alt: Our truck loaded for a move\n  highlights:\n'),
    );
    // The Malayalam home page reads the photo's description in Malayalam.
    const homeMl = path.join(dir, 'content/ml/pages/home.yaml');
    const textMl = await readFile(homeMl, 'utf8');
    await writeFile(homeMl, textMl.replace('  highlights:\n', '  image:\n    alt: യാത്രയ്ക്ക് സാധനങ്ങൾ കയറ്റിയ ഞങ്ങളുടെ ട്രക്ക്\n  highlights:\n'));
    server = await startDev({ contentDir: path.join(dir, 'content'), root: dir, log: captureIo(dir) });
    events = await openEvents(server.url);
    await events.next('hello');
  }, 60_000);

  afterAll(async () => {
    events?.close();
    await server?.close();
  });

  it('serves the photo the content names, encoded', async () => {
    const srcset = await heroSources();
    expect(srcset).toMatch(/^\/assets\/photos\/truck-320\.[0-9a-f]{10}\.avif 320w/);
    const file = await fetch(new URL(srcset!.split(' ')[0]!, server.url));
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'image/avif']);
  });

  it('reloads with the new photo when the file is replaced', async () => {
    const before = await heroSources();
    await save(
      path.join(dir, 'content/images/truck.jpg'),
      await sharp(await testPhoto('small'))
        .flop()
        .jpeg()
        .toBuffer(),
    );
    await events.next<ReloadEvent>('reload', (data) => data.ok && data.changed.includes('content/images/truck.jpg'));
    expect(await heroSources()).not.toBe(before);
  });

  it('shows a photo named before it is there as a located problem, and picks it up once it is saved', async () => {
    const about = path.join(dir, 'content/pages/about.yaml');
    const text = await readFile(about, 'utf8');
    await save(
      about,
      text.replace('  mission:\n', '  image:\n    src: images/team.jpg\n    alt: The crew outside the office\n  mission:\n'),
    );
    await events.next<ReloadEvent>('reload', (data) => !data.ok);
    expect(overlayText((await get(server.url, '/about/')).body)).toContain('There is no photo at content/images/team.jpg.');
    const aboutMl = path.join(dir, 'content/ml/pages/about.yaml');
    await save(
      aboutMl,
      (await readFile(aboutMl, 'utf8')).replace('  mission:\n', '  image:\n    alt: ഓഫീസിന് മുന്നിൽ ഞങ്ങളുടെ ടീം\n  mission:\n'),
    );
    // The photo is saved only once the description's rebuild is over: a rebuild that starts for the
    // description but reads the content after the photo arrived would pass without naming the photo.
    await events.next<ReloadEvent>('reload', (data) => !data.ok && data.changed.includes('content/ml/pages/about.yaml'));
    await save(path.join(dir, 'content/images/team.jpg'), await testPhoto('small'));
    await events.next<ReloadEvent>('reload', (data) => data.ok && data.changed.includes('content/images/team.jpg'));
    expect((await get(server.url, '/about/')).body).toMatch(/<picture class="content-photo">.*alt="The crew outside the office"/s);
  });
});

describe('site dev: template and client edits', () => {
  let root: string;
  let io: ReturnType<typeof captureIo>;
  let server: RunningServer;
  let events: EventStream;
  const index = () => path.join(root, 'templates/index.ts');
  let original: string;

  beforeAll(async () => {
    root = await projectCopy();
    original = await readFile(index(), 'utf8');
    io = captureIo(root);
    server = await startDev({ contentDir: path.join(root, 'content'), root, log: io });
    events = await openEvents(server.url);
    await events.next('hello');
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
  });

  it('shows a template that throws at its line in the TSX source, and recovers', async () => {
    await save(
      index(),
      [
        "import type { PageProps } from './types.js';",
        "export type { Assets, PageId, PageProps } from './types.js';",
        '',
        'export function Document(props: PageProps): never {',
        '  throw new Error(`The ${props.page} template broke`);',
        '}',
        '',
      ].join('\n'),
    );
    await events.next<ReloadEvent>('reload', (data) => !data.ok);
    const text = overlayText((await get(server.url, '/about/')).body);
    expect(text).toMatch(/^templates\/index\.ts:5:\d+\n {2}Rendering the page \/ failed in a template: The home template broke\./m);
    expect(text).toContain(' > 5 |   throw new Error(');
    expect(io.stderr().endsWith(text!)).toBe(true);

    await save(index(), original);
    await events.next<ReloadEvent>('reload', (data) => data.ok);
    expect((await get(server.url, '/about/')).status).toBe(200);
    expect(io.stdout()).toMatch(/templates\/index\.ts changed: reloaded templates, rendered 12 pages in \d+ ms/);
  });

  it('shows a template that does not compile, located', async () => {
    await save(index(), `${original}\nexport const = 1;\n`);
    await events.next<ReloadEvent>('reload', (data) => !data.ok);
    const line = original.split('\n').length + 1;
    const text = overlayText((await get(server.url, '/')).body);
    expect(text).toMatch(new RegExp(`^templates/index\\.ts:${line}:\\d+\\n {2}The templates cannot be built: `, 'm'));

    await save(index(), original);
    await events.next<ReloadEvent>('reload', (data) => data.ok);
    expect((await get(server.url, '/')).status).toBe(200);
  });

  it('bundles the client again and serves the pages with its new hashed file', async () => {
    const before = /src="(\/assets\/main\.[0-9a-f]+\.js)"/.exec((await get(server.url, '/')).body)?.[1];
    const main = path.join(root, 'client/main.ts');
    await save(main, `${await readFile(main, 'utf8')}\ndocument.documentElement.setAttribute('data-dev-test', '');\n`);
    await events.next<ReloadEvent>('reload', (data) => data.ok && data.changed.includes('client/main.ts'));
    const after = /src="(\/assets\/main\.[0-9a-f]+\.js)"/.exec((await get(server.url, '/')).body)?.[1];
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect((await get(server.url, after!)).body).toContain('data-dev-test');
    expect(io.stdout()).toMatch(/client\/main\.ts changed: .*bundled client, styles and static files, rendered 12 pages/);
  });
});

describe('site dev: broken from the start', () => {
  it('starts anyway and shows the problems exactly as site check prints them', async () => {
    const dir = await contentWithFixture('price-as-text');
    temporary.push(dir);
    const io = captureIo(dir);
    const server = await startDev({ contentDir: path.join(dir, 'content'), root: await projectCopy(), log: io });
    try {
      const expected = (await readFile(path.join(ROOT, 'tests/fixtures/price-as-text/expected.txt'), 'utf8')).trimEnd();
      const page = await get(server.url, '/services/');
      expect(page.status).toBe(500);
      expect(overlayText(page.body)).toBe(expected);
      expect(io.stderr()).toBe(expected);
      expect(io.stdout()).toMatch(/^The site cannot be built yet/);
    } finally {
      await server.close();
    }
  });
});

describe('site dev: the command line', () => {
  let blocker: Server | undefined;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
  });

  it('says when the port is already in use and exits 1', async () => {
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    const dir = await contentWithFixture();
    temporary.push(dir);
    const io = captureIo(dir);
    expect(await main(['dev', '--port', String(port)], io)).toBe(1);
    expect(io.stderr()).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(io.stderr()).toContain(`hint: stop the other program, or choose another port, e.g. --port ${port + 1}`);
  });

  it('refuses a port that is not a number', async () => {
    const io = captureIo(ROOT);
    expect(await main(['dev', '--port', 'http'], io)).toBe(1);
    expect(io.stderr()).toContain('--port needs a whole number from 0 to 65535, got "http".');
  });

  it('says when the content folder does not exist and exits 1', async () => {
    const io = captureIo(os.tmpdir());
    expect(await main(['dev', '--port', '0', '--content', 'no-such-content-folder'], io)).toBe(1);
    expect(io.stderr()).toContain('The content folder');
  });

  it('serves until stopped, then closes cleanly', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const io = captureIo(dir);
    // The address is known once the server says it is serving: resolved from that line, not polled for.
    const serving = new Promise<string>((resolve) => {
      const out = io.out;
      io.out = (text) => {
        out(text);
        const match = / at (http:\S+)/.exec(text);
        if (match) resolve(match[1]!);
      };
    });
    const { runDev } = await import('../../../../bin/commands/dev.js');
    let stop: () => void = () => undefined;
    const running = runDev({ content: 'content', port: '0', host: '127.0.0.1' }, io, new Promise<void>((resolve) => (stop = resolve)));
    const url = await Promise.race([
      serving,
      running.then(() => Promise.reject(new Error(`site dev stopped before serving:\n${io.stdout()}\n${io.stderr()}`))),
    ]);
    expect(io.stdout()).toContain(`Serving content with live reload at ${url}`);
    expect((await get(url, '/')).status).toBe(200);
    stop();
    await running;
    expect(io.stdout()).toContain('Stopped the dev server.');
    await expect(fetch(url)).rejects.toThrow();
  });

  it('runs from bin/site.js and exits 0 on Ctrl-C, leaving nothing running', async () => {
    const dir = await contentWithFixture();
    temporary.push(dir);
    const child = spawn('node', [path.join(ROOT, 'bin/site.js'), 'dev', '--port', '0'], { cwd: dir });
    children.push(child);
    let output = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /^Serving content with live reload at (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(output);
        if (match) resolve(match[1]!);
      });
      child.on('exit', () => reject(new Error(`site dev exited early:\n${output}`)));
    });
    expect((await get(url, '/')).status).toBe(200);
    const events = await openEvents(url);
    await events.next('hello');
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    child.kill('SIGINT');
    // The process ends by itself: the watcher, server, open event stream and esbuild are all closed.
    // ('close', not 'exit': it waits for the last output to be read.)
    expect(await exited).toBe(0);
    expect(output).toContain('Stopped the dev server.');
    events.close();
  });
});

describe('site build', () => {
  it('never includes the dev reload script', async () => {
    const { files } = await build({ contentDir: SAMPLE_CONTENT, now: new Date('2025-01-01') });
    for (const file of files) expect(String(file.contents), file.path).not.toContain('__dev');
  });
});
