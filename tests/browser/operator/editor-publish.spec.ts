/**
 * Publishing from the editor: the changed content files, and only those, committed with the
 * operator's message and pushed to the remote (here a local bare repository). Each refusal
 * changes nothing: other files with changes, a strict build that fails. What someone else
 * published meanwhile in the same file is chosen value by value, then published on top.
 */
import { mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from '../axe.js';
import { expect as baseExpect, test } from '../fixtures.js';
import { git, openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 15_000 });
// A save checks the whole content first: on a busy machine that takes some seconds.
const SAVE_WAIT = 20_000;
// Publishing runs a strict build of the whole site first.
const PUBLISH_WAIT = 45_000;

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  project = await startEditorProject({ strictReady: true });
});

test.afterAll(async () => {
  await project?.close();
});

const head = (cwd: string) => git(cwd, 'rev-parse', 'HEAD').then((text) => text.trim());
const remoteHead = () => git(project.remote, 'rev-parse', 'main').then((text) => text.trim());

async function saveField(page: Page, file: string, id: string, value: string): Promise<void> {
  await openFile(page, project, file);
  await page.locator(`#${id}`).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: 1 line changed/)).toBeVisible({ timeout: SAVE_WAIT });
}

async function publish(page: Page, message: string): Promise<void> {
  await page.goto(project.url('/__edit'));
  const panel = page.getByRole('region', { name: 'Publish' });
  await panel.getByLabel('What did you change?').fill(message);
  // The remote is a bare repository on disk: the editor asks before sending there.
  await panel.getByRole('checkbox', { name: 'Send it to this folder' }).check();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
}

/** Refused, changing nothing: no new commit here or on the remote, the content change still waiting. */
async function expectRefused(page: Page, pattern: RegExp, heads: { local: string; remote: string }): Promise<void> {
  const panel = page.getByRole('region', { name: 'Publish' });
  const refusal = panel.getByRole('alert');
  await expect(refusal).toContainText('Not published. Nothing was changed.', { timeout: PUBLISH_WAIT });
  await expect(refusal).toContainText(pattern);
  expect(await head(project.dir)).toBe(heads.local);
  expect(await remoteHead()).toBe(heads.remote);
  expect(await project.git('status', '--porcelain', '--', 'content')).toContain('content/services.yaml');
}

test('the panel lists the saved content files waiting to be published', async ({ page }) => {
  await saveField(page, 'services.yaml', 'field-services-1-pricing-starting', '17999');
  await page.goto(project.url('/__edit'));
  const panel = page.getByRole('region', { name: 'Publish' });
  await expect(panel.getByRole('listitem')).toHaveText(['content/services.yaml']);
  await expect(panel.getByRole('group', { name: 'Publish to' })).toContainText(`${project.remote} is a folder on this computer`);
  await expect(panel.getByRole('group', { name: 'Signed as' })).toContainText('Site Operator <operator@keralamovers.test>');
});

test('refused while another file has uncommitted changes, naming it', async ({ page, issues }) => {
  issues.allow('console', /status of 409/);
  const heads = { local: await head(project.dir), remote: await remoteHead() };
  await writeFile(path.join(project.dir, 'notes.txt'), 'A file that is not content\n');
  await page.goto(project.url('/__edit'));
  await expect(page.getByRole('region', { name: 'Publish' }).getByText('notes.txt').first()).toBeVisible();
  await publish(page, 'New office moving price');
  await expectRefused(page, /notes\.txt/, heads);
  await unlink(path.join(project.dir, 'notes.txt'));
});

test('refused while site build --strict would fail, with its message', async ({ page, issues }) => {
  issues.allow('console', /status of 409/);
  const heads = { local: await head(project.dir), remote: await remoteHead() };
  // The sample phone number is only a warning while editing; the deploy's strict build refuses it.
  await saveField(page, 'site.yaml', 'field-contact-phone', '+91 90000 00000');
  await publish(page, 'New office moving price');
  // Said in the form's words: the field by its label, not a line of site.yaml.
  await expectRefused(page, /content\/site\.yaml: Replace the sample value in Contact › Phone/, heads);
  await saveField(page, 'site.yaml', 'field-contact-phone', '+91 94470 12345');
});

test('publishes exactly the changed content files with the message, and pushes them', async ({ page }) => {
  await publish(page, 'New office moving price');
  const panel = page.getByRole('region', { name: 'Publish' });
  await expect(panel.getByRole('status').last()).toContainText(/Published as commit [0-9a-f]{7}/, { timeout: PUBLISH_WAIT });
  const local = await head(project.dir);
  expect(await remoteHead()).toBe(local);
  expect((await project.git('log', '-1', '--format=%s')).trim()).toBe('New office moving price');
  expect((await project.git('show', '--name-only', '--format=', 'HEAD')).trim()).toBe('content/services.yaml');
  expect(await project.git('status', '--porcelain')).toBe('');
  await expect(panel.getByText('Nothing to publish')).toBeVisible();
});

test('someone else published the same file meanwhile: each value shown theirs and mine by field, the choice published on top of theirs', async ({
  page,
  issues,
}) => {
  issues.allow('console', /status of 409/);
  await saveField(page, 'services.yaml', 'field-services-0-pricing-starting', '9199');
  // Someone else publishes from another copy: a title in the same file, and a comment in another.
  const other = await mkdtemp(path.join(os.tmpdir(), 'site-editor-other-'));
  try {
    await git(other, 'clone', '--quiet', project.remote, 'copy');
    const copy = path.join(other, 'copy');
    const services = path.join(copy, 'content/services.yaml');
    await writeFile(services, (await readFile(services, 'utf8')).replace('title: Residential Moving', 'title: Home Moving'));
    await writeFile(
      path.join(copy, 'content/testimonials.yaml'),
      `${await project.read('testimonials.yaml')}\n# Reviewed in the office.\n`,
    );
    await git(copy, 'commit', '--quiet', '-am', 'Reviews checked, a shorter title');
    await git(copy, 'push', '--quiet', 'origin', 'main');
  } finally {
    await rm(other, { recursive: true, force: true });
  }
  const theirs = await remoteHead();
  await publish(page, 'New residential price');
  const panel = page.getByRole('region', { name: 'Publish' });
  await expect(panel.getByRole('alert')).toContainText('changed content/services.yaml too, so nothing was sent and nothing is lost', {
    timeout: PUBLISH_WAIT,
  });
  expect(await remoteHead()).toBe(theirs);
  const choices = panel.getByRole('group', { name: 'Which version of each value to publish' });
  const title = choices.getByRole('group', { name: 'Service “residential” › Title' });
  const price = choices.getByRole('group', { name: 'Service “residential” › Pricing › Starting' });
  // The sentence points to the choices where they are: above it.
  await expect(panel.getByRole('alert')).toContainText('for each value above, choose their version or yours');
  expect(
    await choices.evaluate(
      (group, alert) => Boolean(group.compareDocumentPosition(alert!) & Node.DOCUMENT_POSITION_FOLLOWING),
      await panel.getByRole('alert').elementHandle(),
    ),
  ).toBe(true);
  // Each side preselected where only that side changed the value.
  await expect(title.getByRole('radio', { name: /Their version \(they changed it\) Home Moving/ })).toBeChecked();
  await expect(title.getByRole('radio', { name: /Your version Residential Moving/ })).not.toBeChecked();
  await expect(price.getByRole('radio', { name: /Your version \(you changed it\) 9199/ })).toBeChecked();
  await expectNoAxeViolations(page);
  // The owner keeps their own title after all.
  await title.getByRole('radio', { name: /Your version/ }).check();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(panel.getByRole('status').last()).toContainText(
    /Published as commit [0-9a-f]{7}, and sent on.*Someone else published meanwhile; their changes to content\/services\.yaml, content\/testimonials\.yaml were taken in, with your choices for content\/services\.yaml\./,
    { timeout: PUBLISH_WAIT },
  );
  expect((await git(project.remote, 'rev-parse', 'main~1')).trim()).toBe(theirs);
  const published = await git(project.remote, 'show', 'main:content/services.yaml');
  expect(published).toContain('title: Residential Moving');
  expect(published).toMatch(/starting: 9199/);
  expect(await git(project.remote, 'show', 'main:content/testimonials.yaml')).toContain('# Reviewed in the office.');
  expect(await project.git('status', '--porcelain')).toBe('');
});

test('a change recorded but not sent (the remote refused it) is said so, and sent by the next Publish', async ({ page }) => {
  await saveField(page, 'services.yaml', 'field-services-2-pricing-starting', '5499');
  // The remote turns pushes away for a while.
  const hook = path.join(project.remote, 'hooks', 'pre-receive');
  await writeFile(hook, '#!/bin/sh\necho "closed for maintenance" >&2\nexit 1\n', { mode: 0o755 });
  const remoteBefore = await remoteHead();
  try {
    await publish(page, 'New packing price');
    const panel = page.getByRole('region', { name: 'Publish' });
    const notice = panel.getByRole('alert');
    await expect(notice).toContainText(/Recorded here as commit [0-9a-f]{7}, but not sent on/, { timeout: PUBLISH_WAIT });
    await expect(notice).toContainText('turned the change away for a reason of its own');
    await notice.getByText('What git said', { exact: true }).click();
    await expect(notice.getByText(/closed for maintenance/)).toBeVisible();
    expect(await remoteHead()).toBe(remoteBefore);
    expect((await project.git('log', '-1', '--format=%s')).trim()).toBe('New packing price');
  } finally {
    await unlink(hook);
  }
  await page.goto(project.url('/__edit'));
  const panel = page.getByRole('region', { name: 'Publish' });
  await expect(panel.getByText(/One change was recorded here but not yet sent on/)).toBeVisible();
  await panel.getByLabel('What did you change?').fill('Send the packing price');
  await panel.getByRole('checkbox', { name: 'Send it to this folder' }).check();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(panel.getByRole('status').last()).toContainText(/Published as commit [0-9a-f]{7}, and sent on/, { timeout: PUBLISH_WAIT });
  expect(await remoteHead()).toBe(await head(project.dir));
});
