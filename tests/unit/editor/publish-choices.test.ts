import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PublishChoices, type Conflicts } from '../../../editor/PublishChoices.js';

const conflicts: Conflicts = {
  id: 'v1',
  files: [
    {
      file: 'content/site.yaml',
      differences: [
        { path: ['contact', 'phone'], label: 'Contact › Phone', theirs: '+91 98460 77777', mine: '+91 98460 88888' },
        {
          path: ['contact', 'support'],
          label: 'Contact › Support',
          theirs: 'Helpline till 10 PM',
          mine: '24/7 helpline',
          changed: 'theirs',
        },
      ],
    },
  ],
};

const choices = () =>
  renderToStaticMarkup(createElement(PublishChoices, { conflicts, picks: [undefined, 'theirs'], onPick: () => undefined }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

describe('the choices after someone else published the same file', () => {
  it('showed a value both changed as "Their version" and "Your version" with no word of a change, beside values one side changed marked: both say they changed it', () => {
    const text = choices();
    expect(text).toContain('Contact › Phone Their version (they changed it) +91 98460 77777 Your version (you changed it) +91 98460 88888');
    // Where one side changed it, only that side says so.
    expect(text).toContain('Contact › Support Their version (they changed it) Helpline till 10 PM Your version 24/7 helpline');
  });
});
