/**
 * The first Publish on a fresh clone, as an owner meets it: git has no name and email anywhere
 * (site dev runs with an empty home folder and no system settings), and origin is the folder the
 * project was cloned from (here a bare repository on disk). The editor asks who is publishing,
 * says the address is a folder and asks before sending there, and lets the owner set their own.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect as baseExpect, test } from '../fixtures.js';
import { closedPort } from '../../helpers/git-remotes.js';
import { git, openFile, startEditorProject, type EditorProject } from '../editor-helpers.js';

// Each step waits for the server's check of the whole content (a second or more on a busy machine).
const expect = baseExpect.configure({ timeout: 15_000 });
// Publishing runs a strict build of the whole site first.
const PUBLISH_WAIT = 45_000;
const OWNER = { name: 'Asha Menon', email: 'asha@periyarmovers.in' };

let project: EditorProject;

test.describe.configure({ mode: 'serial', timeout: 120_000 });

test.beforeAll(async () => {
  project = await startEditorProject({ strictReady: true, identity: false });
});

test.afterAll(async () => {
  await project?.close();
});

const remoteHead = () => git(project.remote, 'rev-parse', 'main').then((text) => text.trim());

test('asks for a name and email and before sending to a folder, then the folder receives the change signed with them', async ({
  page,
  issues,
}) => {
  issues.allow('console', /status of 409/);
  await openFile(page, project, 'services.yaml');
  await page.locator('#field-services-1-pricing-starting').fill('17999');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText(/Saved at .*: 1 line changed/)).toBeVisible({ timeout: 20_000 });

  await page.goto(project.url('/__edit'));
  const panel = page.getByRole('region', { name: 'Publish' });
  const signedAs = panel.getByRole('group', { name: 'Signed as' });
  await expect(signedAs.getByLabel('Your name')).toBeEmpty();
  await expect(signedAs.getByLabel('Your email')).toBeEmpty();
  await expect(panel.getByRole('group', { name: 'Publish to' })).toContainText(`${project.remote} is a folder on this computer`);

  const before = await remoteHead();
  await panel.getByLabel('What did you change?').fill('New office moving price');
  await signedAs.getByLabel('Your name').fill(OWNER.name);
  await signedAs.getByLabel('Your email').fill(OWNER.email);
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  const refusal = panel.getByRole('alert');
  await expect(refusal).toContainText('Not published. Nothing was changed.', { timeout: PUBLISH_WAIT });
  await expect(refusal).toContainText(`Publishing would send the change to ${project.remote}, a folder on this computer`);
  expect(await remoteHead()).toBe(before);

  await panel.getByRole('checkbox', { name: 'Send it to this folder' }).check();
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(panel.getByRole('status').last()).toContainText(/Published as commit [0-9a-f]{7}, and sent on/, { timeout: PUBLISH_WAIT });
  expect(await git(project.remote, 'log', '-1', '--format=%an <%ae>|%s', 'main')).toBe(
    `${OWNER.name} <${OWNER.email}>|New office moving price\n`,
  );
  // Kept in the project's own settings; the computer's (the empty home folder) are untouched.
  expect((await project.git('config', '--local', 'user.name')).trim()).toBe(OWNER.name);
  expect(existsSync(path.join(project.home!, '.gitconfig'))).toBe(false);
  await expect(signedAs).toContainText(`${OWNER.name} <${OWNER.email}>`);
  await expect(signedAs.getByLabel('Your name')).toHaveCount(0);
});

test('the owner sets their repository address, and a server nobody answers at is said so in one sentence', async ({ page, issues }) => {
  issues.allow('console', /status of 409/);
  await page.goto(project.url('/__edit'));
  const panel = page.getByRole('region', { name: 'Publish' });
  const publishTo = panel.getByRole('group', { name: 'Publish to' });
  await publishTo.getByRole('button', { name: "Set your repository's address" }).click();
  const address = publishTo.getByLabel("Your repository's address");
  await address.fill('my site on github');
  await publishTo.getByRole('button', { name: 'Save the address' }).click();
  await expect(publishTo.getByRole('alert')).toContainText('"my site on github" is not the address of a repository on a server');
  await expect(address).toHaveAttribute('aria-invalid', 'true');

  const port = await closedPort();
  const url = `ssh://git@127.0.0.1:${port}/periyar/site.git`;
  await address.fill(url);
  await publishTo.getByRole('button', { name: 'Save the address' }).click();
  await expect(publishTo).toContainText(`Publishing sends your changes to ${url}, which puts them on the site.`);
  await expect(publishTo.getByRole('checkbox')).toHaveCount(0);
  expect((await project.git('remote', 'get-url', 'origin')).trim()).toBe(url);

  await panel.getByLabel('What did you change?').fill('Send everything');
  await panel.getByRole('button', { name: 'Publish', exact: true }).click();
  const refusal = panel.getByRole('alert');
  await expect(refusal).toContainText(
    '127.0.0.1 could not be reached: check that this computer is online (open any website), then press Publish again.',
    { timeout: PUBLISH_WAIT },
  );
  await refusal.getByText('What git said', { exact: true }).click();
  await expect(refusal.getByText(/Connection refused/)).toBeVisible();
});
