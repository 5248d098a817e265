/**
 * The file the editor's page opens, sent inside the page, so the app shows its form without asking
 * for it: one round trip less, which on a phone's slow network is most of a second. The page is
 * streamed: its head, naming the app's script, goes at once, so the phone fetches the app while the
 * Worker reads the file from the repository; the file follows at the end of the body, and a
 * failure to read it leaves it out (the app then asks, and says what went wrong in its words).
 */
import type { EditableFile } from '../../generator/editor/content/files.js';
import type { Env } from '../env.js';
import { companyRepository } from '../github/index.js';
import { readFile } from './files.js';
import { snapshotAt } from './snapshot.js';

/** The id of the page's data block the app reads once (editor/phone/requests.ts). */
export const FIRST_FILE_ID = 'editor-first-file';

export function withFirstFile(page: string, env: Env, file: EditableFile): ReadableStream<Uint8Array> {
  const end = page.lastIndexOf('</body>');
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  const send = async () => {
    await writer.write(encoder.encode(page.slice(0, end)));
    const answer = await firstFile(env, file).catch(() => undefined);
    if (answer)
      await writer.write(encoder.encode(`<script type="application/json" id="${FIRST_FILE_ID}">${jsonInHtml(answer)}</script>\n`));
    await writer.write(encoder.encode(page.slice(end)));
    await writer.close();
  };
  void send().catch(() => writer.abort().catch(() => undefined));
  return readable;
}

/** The file as /api/editor/file answers a phone that keeps nothing yet, with the head it was read at. */
async function firstFile(env: Env, file: EditableFile) {
  const repository = await companyRepository(env);
  const head = await repository.head();
  return { ...(await readFile({ repository, snapshot: await snapshotAt(repository, head), saved: new Map() }, file)), head };
}

/** JSON that cannot end the script element it is in. */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
