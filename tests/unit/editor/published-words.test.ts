import { describe, expect, it } from 'vitest';
import { publishedWords } from '../../../editor/published-words.js';

describe('what the owner reads once a change is published', () => {
  it('promised "the site updates in a few minutes" after sending to a folder on this computer, which the panel had just said does not change the site', () => {
    const words = publishedWords({ commit: '4af7d30aa', pushed: true }, true);
    expect(words).toBe(
      'Published as commit 4af7d30, and sent on to the folder; the site itself changes only once it is published to your repository.',
    );
    expect(words).not.toMatch(/updates in a few minutes/);
  });

  it('says the site updates when sent to the repository, and what was taken in', () => {
    expect(publishedWords({ commit: '4af7d30aa', pushed: true, note: 'Their changes were taken in.' }, false)).toBe(
      'Published as commit 4af7d30, and sent on: the site updates in a few minutes. Their changes were taken in.',
    );
    expect(publishedWords({ commit: '4af7d30aa', pushed: false }, false)).toBe(
      'Published as commit 4af7d30 (recorded here; no remote to send it to).',
    );
  });
});
