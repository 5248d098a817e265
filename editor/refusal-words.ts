import { SETTINGS } from './settings.js';

/**
 * What a refused save says about where the owner's work is. On the computer a save writes the
 * file on disk; on the phone there is no disk the owner knows of: what was saved is kept on the
 * phone, and what was published is on the site.
 */
export interface RefusalWords {
  /** After any refused save: what was saved before is untouched. */
  unchanged: string;
  /** The button that shows the file as it is saved now, dropping the changes made in the form. */
  reload: string;
  /** What that button does to the changes in the form. */
  reloadShows: string;
}

export function refusalWords(phone: boolean): RefusalWords {
  if (phone)
    return {
      unchanged: 'What you saved before is as it was, on this phone and on the site.',
      reload: 'Show the file as saved',
      reloadShows:
        'That button shows the file as it is saved now; the changes you made here since opening it are then gone, so note them first.',
    };
  return {
    unchanged: 'Nothing on disk was changed.',
    reload: 'Reload the file from disk',
    reloadShows: 'Reload shows the file as it is now; the changes you made here since opening it are then gone, so note them first.',
  };
}

export const REFUSAL_WORDS = refusalWords(SETTINGS.phone);
