import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../contract/root.js';
import type { Session } from '../contract/session.js';

/**
 * A picture the build draws (the logo's sizes, the share pictures), taken from
 * node_modules/.cache/site-pictures/ when one was drawn from the same `inputs` before: sharp is
 * loaded only when something changed, so most builds never load it. `inputs` must name
 * everything the picture is drawn from (texts, colours, the logo's bytes, the drawing's version).
 */
export function cachedPicture(inputs: ReadonlyArray<string | Buffer>, draw: () => Promise<Buffer>, session?: Session): Promise<Buffer> {
  // Pictures drawn while a session lasts, by key: a rebuild in `site dev` does not even read the disk.
  const drawn = session?.memory('render/pictures', () => new Map<string, Promise<Buffer>>()) ?? new Map<string, Promise<Buffer>>();
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input).update('\0');
  const key = hash.digest('hex').slice(0, 24);
  let picture = drawn.get(key);
  if (!picture) {
    picture = fromDiskOrDrawn(key, draw);
    drawn.set(key, picture);
    // A failed drawing is tried again next time rather than remembered.
    picture.catch(() => drawn.delete(key));
  }
  return picture;
}

async function fromDiskOrDrawn(key: string, draw: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(projectRoot(), 'node_modules', '.cache', 'site-pictures', `${key}.png`);
  const cached = await readFile(file).catch(() => undefined);
  if (cached) return cached;
  const png = await draw();
  await mkdir(path.dirname(file), { recursive: true })
    .then(async () => {
      // Written aside, then renamed: two builds at once never read half a picture.
      const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
      await writeFile(temporary, png);
      await rename(temporary, file);
    })
    .catch(() => undefined);
  return png;
}
