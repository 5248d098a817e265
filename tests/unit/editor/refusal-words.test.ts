import { describe, expect, it } from 'vitest';
import { refusalWords } from '../../../editor/refusal-words.js';

describe('refusalWords', () => {
  it('said "Nothing on disk was changed" and "Reload the file from disk" on the phone, where nothing is on a disk: the phone says where the owner’s work is kept', () => {
    const phone = refusalWords(true);
    for (const words of Object.values(phone)) expect(words).not.toMatch(/disk/i);
    expect(phone.unchanged).toBe('What you saved before is as it was, on this phone and on the site.');
    expect(phone.reload).toBe('Show the file as saved');
    expect(phone.reloadShows).toMatch(
      /^That button shows the file as it is saved now; the changes you made here since opening it are then gone/,
    );
  });

  it('keeps the computer’s words, where the file is on its disk', () => {
    expect(refusalWords(false)).toEqual({
      unchanged: 'Nothing on disk was changed.',
      reload: 'Reload the file from disk',
      reloadShows: 'Reload shows the file as it is now; the changes you made here since opening it are then gone, so note them first.',
    });
  });
});
