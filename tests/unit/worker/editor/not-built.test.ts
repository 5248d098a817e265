/**
 * A site built without the editor's files: /admin/edit/ tells the signed-in owner so in plain words,
 * instead of an empty page, and still sends a signed-out visitor to sign in first.
 */
import { expect, it } from 'vitest';
import { signIn } from '../admin/sign-in.js';
import { quoteHostForFile } from '../quotes/host.js';

const host = quoteHostForFile();

it('sends a signed-out visitor to /admin/ first, to come back to the editor once signed in', async () => {
  const answer = await host().fetch('/admin/edit/');
  expect([answer.status, answer.headers.get('Location')]).toEqual([303, '/admin/?back=%2Fadmin%2Fedit%2F']);
});

it('tells a signed-in owner the last publish did not include the editor, and what still works', async () => {
  const owner = await signIn(host());
  const answer = await host().fetch('/admin/edit/', { headers: { Cookie: owner.cookie } });
  expect(answer.status).toBe(503);
  const words = (await answer.text()).replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
  expect(words).toContain('the last publish of the site did not include the editor');
  expect(words).toContain('Quote requests and visits are here already.');
  expect(words).not.toMatch(/\b(503|HTTP|_editor)\b/);
});
