import path from 'node:path';
import { watch } from 'chokidar';

/** What a changed file means for the site, and so what has to be redone. */
export type Area =
  /** content/*.yaml and the photos beside them: load, validate, encode new photos, render. */
  | 'content'
  /** templates/**.tsx: bundle and import the templates again, render. */
  | 'templates'
  /** client/**, templates/styles/** and static/**: bundle the script and stylesheet, copy static files, render (hashed names change). */
  | 'assets';

export interface WatchFolders {
  contentDir: string;
  templatesDir: string;
  clientDir: string;
  /** Files copied as they are into the site, such as the share picture. */
  staticDir: string;
}

export interface SourceWatcher {
  /** Resolves once every folder is being watched; changes before that may be missed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** Editors' backup, swap and temporary files: saving one is not a change to the site. */
function isScratch(file: string): boolean {
  const name = path.basename(file);
  return /^\.|~$|\.(swp|swx|tmp|bak)$|^4913$|^#.*#$/i.test(name);
}

/** Which area a changed path belongs to, or undefined when it does not affect the site. */
export function areaOf(file: string, folders: WatchFolders): Area | undefined {
  const inside = (dir: string) => file === dir || file.startsWith(dir + path.sep);
  if (inside(folders.contentDir)) return /\.(ya?ml|jpe?g|png|webp|avif)$/i.test(file) || path.extname(file) === '' ? 'content' : undefined;
  if (inside(folders.clientDir) || inside(folders.staticDir)) return 'assets';
  if (inside(path.join(folders.templatesDir, 'styles')) || file.endsWith('.css')) return 'assets';
  if (inside(folders.templatesDir)) return 'templates';
  return undefined;
}

/**
 * Watches the content, templates, client and static folders and reports each change with its area.
 * No write-settling delay is added (that would cost every rebuild); the dev server checks
 * a file again after rebuilding instead (see DevSite).
 */
export function watchSources(
  folders: WatchFolders,
  onChange: (file: string, area: Area) => void,
  onError: (error: unknown) => void,
): SourceWatcher {
  const watcher = watch([folders.contentDir, folders.templatesDir, folders.clientDir, folders.staticDir], {
    ignoreInitial: true,
    // A link in content/ to a large folder (ln -s /usr content/zz) would be walked to its end before
    // the server starts; the site reads nothing through a link, so none is followed.
    followSymlinks: false,
    ignored: (file) => isScratch(file),
  });
  const report = (file: string) => {
    const area = areaOf(path.resolve(file), folders);
    if (area) onChange(path.resolve(file), area);
  };
  watcher.on('add', report).on('change', report).on('unlink', report).on('addDir', report).on('unlinkDir', report);
  watcher.on('error', onError);
  const ready = new Promise<void>((resolve) => watcher.once('ready', resolve));
  return { ready, close: () => watcher.close() };
}
