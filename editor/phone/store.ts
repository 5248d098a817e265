/**
 * What the phone keeps between visits (localStorage, this site's only): the commit the owner
 * started editing from, every file saved since, and the last publish, for its undo. It survives a
 * reload, a lost connection and a closed tab, and goes only when published or discarded.
 */
export interface Kept {
  /** The branch head the files were read at; the publish is made against it. */
  head?: string;
  /** The content files as GitHub had them at `head`, by name: what the phone checks a value against. */
  base?: Record<string, string>;
  /** The photos of content/images/ at `head`, by the `src` a field names them with (images/van.jpg). */
  images?: string[];
  /** Saved files by name in the content folder (services.yaml), as whole texts. */
  saved: Record<string, string>;
  /** Photos added on the phone, ready for the site (phone/photo.ts), by name in content/images/, as base64. */
  photos?: Record<string, string>;
  /**
   * Values typed in a file's form but not saved yet, by file: shown again after a reload until
   * saved or dropped, and `on`, the version of the file the form showed when they were typed.
   */
  typed?: Record<string, Typed>;
  /** The last publish from this phone: its commit and the files it changed. */
  lastPublish?: { commit: string; files: string[]; message: string };
  /**
   * The last publish or undo from this phone, watched until the site shows it (phone/GoingLive.tsx):
   * its commit, when it was made (ms since 1970), and what the owner wrote about it.
   */
  goingLive?: GoingLive;
  /** The last preview address asked for from this phone, and the commit it shows once ready. */
  preview?: { address: string; commit: string };
}

export interface GoingLive {
  commit: string;
  since: number;
  message: string;
  undo?: boolean;
  /** Set once there is nothing more to say (the site showed it, or cannot tell): a page opened later says nothing of it. */
  done?: boolean;
}

export interface Typed {
  value: unknown;
  numbers: unknown;
  on?: string;
}

const KEY = 'site-editor:kept';
/** The version of each file this tab's form shows, by file: each tab its own, so sessionStorage. */
const OPENED = 'site-editor:opened';

export function kept(): Kept {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Kept | null;
    if (value && typeof value === 'object' && value.saved && typeof value.saved === 'object') return value;
  } catch {
    // Unreadable (another version's shape, or storage turned off): start as with nothing kept.
  }
  return { saved: {} };
}

export function keep(change: (now: Kept) => Kept): Kept {
  const next = change(kept());
  localStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

/**
 * The photos added on the phone that a saved file names (images/van.jpg), by name: only these are
 * the content's, listed and published. The others were uploaded in a form left without saving.
 */
export function namedPhotos(now: Kept): Record<string, string> {
  const named = new Set(Object.values(now.saved).flatMap((text) => text.match(/images\/[\w.-]+/g) ?? []));
  return Object.fromEntries(Object.entries(now.photos ?? {}).filter(([name]) => named.has(`images/${name}`)));
}

function opened(): Record<string, string> {
  try {
    return (JSON.parse(sessionStorage.getItem(OPENED) ?? '{}') as Record<string, string> | null) ?? {};
  } catch {
    return {};
  }
}

/** Notes the version of a file this tab's form shows: as read, or as its own save wrote it. */
export function noteOpened(file: string, version: unknown): void {
  if (typeof version !== 'string') return;
  try {
    sessionStorage.setItem(OPENED, JSON.stringify({ ...opened(), [file]: version }));
  } catch {
    // Storage turned off: values typed are laid over the file as before, whatever its version.
  }
}

/**
 * The value typed in a file's form and not saved yet, if the phone keeps one typed over the
 * version this tab shows. One typed over an older version (in another tab, before a save in this
 * one) is not laid over the file: the values saved since would go with it at the next save.
 */
export function typedDraft(file: string): Typed | undefined {
  const typed = kept().typed?.[file];
  return typed && (typed.on === undefined || typed.on === opened()[file]) ? typed : undefined;
}

/**
 * Whether the phone keeps a value typed in this file over another version than the one this tab
 * shows, which `typedDraft` does not lay over it: the owner must hear that it is not put back.
 */
export function staleTyped(file: string): boolean {
  return kept().typed?.[file] !== undefined && typedDraft(file) === undefined;
}

/** Keeps (or, given undefined, drops) the value typed in a file's form, with the version this tab's form shows. */
export function keepTyped(file: string, typed: Typed | undefined): void {
  const on = opened()[file];
  keep((now) => {
    const others = Object.fromEntries(Object.entries(now.typed ?? {}).filter(([name]) => name !== file));
    return { ...now, typed: typed ? { ...others, [file]: { ...typed, ...(on ? { on } : {}) } } : others };
  });
}
