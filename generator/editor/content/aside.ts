import { randomBytes } from 'node:crypto';
import { link, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGES_FOLDER, freeName } from './upload.js';

/**
 * Uploads no saved file names, moved aside under scratch names while a publish runs, so that it
 * leaves them out. A move is a new link, then the old name removed: a link never replaces a file,
 * so neither setting aside nor putting back can land on a photo that came meanwhile.
 */

/** `.van.jpg.<random>.unsaved-upload.tmp`: a dot name ending in .tmp, which publishing and the watcher pass over. */
const SCRATCH = /^\.(.+)\.[0-9a-f]{12}\.unsaved-upload\.tmp$/;

interface Moved {
  name: string;
  scratch: string;
}

/** A photo put back under another name, as its own was taken by then. */
export interface Renamed {
  from: string;
  to: string;
}

export class SetAside {
  readonly #folder: string;
  readonly #moved: Moved[];

  private constructor(folder: string, moved: Moved[]) {
    this.#folder = folder;
    this.#moved = moved;
  }

  /** Sets aside the uploads at these content paths (images/van.jpg); one that is not there is passed over. */
  static async take(contentDir: string, srcs: readonly string[]): Promise<SetAside> {
    const folder = path.join(contentDir, IMAGES_FOLDER);
    const moved: Moved[] = [];
    for (const src of srcs) {
      const name = path.posix.basename(src);
      const scratch = `.${name}.${randomBytes(6).toString('hex')}.unsaved-upload.tmp`;
      try {
        await link(path.join(folder, name), path.join(folder, scratch));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
        await new SetAside(folder, moved).restore();
        throw error;
      }
      await rm(path.join(folder, name));
      moved.push({ name, scratch });
    }
    return new SetAside(folder, moved);
  }

  /** Whether `name` is one set aside (or differs from one only in capitals, one name on Windows and Mac computers). */
  holds(name: string): boolean {
    return this.#moved.some((moved) => moved.name.toLowerCase() === name.toLowerCase());
  }

  get names(): string[] {
    return this.#moved.map((moved) => moved.name);
  }

  /** Puts every photo back under its own name, or under a free one when its own was taken meanwhile. */
  async restore(): Promise<Renamed[]> {
    const renamed: Renamed[] = [];
    while (this.#moved.length > 0) {
      const { name, scratch } = this.#moved[0]!;
      const to = await putBack(this.#folder, scratch, name);
      if (to !== name) renamed.push({ from: name, to });
      this.#moved.shift();
    }
    return renamed;
  }
}

/** Links `scratch` back as `name`, or as the first free name after it; removes the scratch name. */
async function putBack(folder: string, scratch: string, name: string): Promise<string> {
  let target = name;
  for (;;) {
    try {
      await link(path.join(folder, scratch), path.join(folder, target));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      target = await freeName(folder, name);
    }
  }
  await rm(path.join(folder, scratch));
  return target;
}

/** Puts back photos a publish set aside when the editor stopped before it ended (e.g. Ctrl+C). */
export async function recoverSetAside(contentDir: string): Promise<Renamed[]> {
  const folder = path.join(contentDir, IMAGES_FOLDER);
  const renamed: Renamed[] = [];
  for (const entry of await readdir(folder).catch(() => [] as string[])) {
    const name = SCRATCH.exec(entry)?.[1];
    if (name === undefined) continue;
    const to = await putBack(folder, entry, name);
    if (to !== name) renamed.push({ from: name, to });
  }
  return renamed;
}
