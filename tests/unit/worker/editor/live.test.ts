/**
 * Whether the site as served shows a publish, through the Worker in workerd against the GitHub
 * stand-in: the served version names the commit it was deployed from (SITE_COMMIT); a publish is
 * live once that commit is it or comes after it on the branch, and not before.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { editorHarnessForFile } from './editor-worker.js';

/**
 * GitHub's list of commits takes a branch where it takes a commit: here the served version names
 * a branch, `served`, which each test points at the commit the deploy would have deployed.
 */
const SERVED = 'served';

async function liveAnswer(call: (operation: string, body: unknown) => Promise<Response>, commit: unknown) {
  const answer = await call('live', { saved: {}, commit });
  return { status: answer.status, body: (await answer.json()) as { known?: boolean; live?: boolean; message?: string } };
}

describe('a site deployed with its commit', () => {
  const harness = editorHarnessForFile({ SITE_COMMIT: SERVED });
  let start = '';
  let published = '';
  beforeEach(async () => {
    const { standin, seed } = harness();
    start = await standin.push(seed, 'The site as it starts');
    published = await standin.push({ 'content/services.yaml': `${seed['content/services.yaml']}\n# new prices\n` }, 'New prices');
  });
  const serve = (commit: string) => harness().standin.git.git(['update-ref', `refs/heads/${SERVED}`, commit]);

  it('says a publish is not live while the site still shows the commit before it', async () => {
    await serve(start);
    expect(await liveAnswer(harness().call, published)).toEqual({ status: 200, body: { known: true, live: false } });
  });

  it('says it is live once the site shows it, and still once a later publish is deployed over it', async () => {
    await serve(published);
    expect(await liveAnswer(harness().call, published)).toEqual({ status: 200, body: { known: true, live: true } });
    const later = await harness().standin.push({ 'content/site.yaml': `${harness().seed['content/site.yaml']}\n# later\n` }, 'Later');
    await serve(later);
    expect(await liveAnswer(harness().call, published)).toEqual({ status: 200, body: { known: true, live: true } });
    expect(harness().standin.violations).toEqual([]);
  });

  it('refuses a question that names no publish, in words', async () => {
    const answer = await liveAnswer(harness().call, 42);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Reload the page/);
  });
});

describe('a site deployed without its commit', () => {
  const harness = editorHarnessForFile();

  it('says it cannot tell', async () => {
    const { standin, seed } = harness();
    const start = await standin.push(seed, 'The site as it starts');
    expect(await liveAnswer(harness().call, start)).toEqual({ status: 200, body: { known: false } });
  });
});
