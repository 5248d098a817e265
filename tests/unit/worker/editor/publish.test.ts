/**
 * The editor on the phone through the Worker in workerd, against the GitHub stand-in over a real
 * bare repository: files read at the head the owner started from, a price changed and kept on the
 * phone, published as exactly one commit touching only that content file; someone else's publish
 * meanwhile taken in (other file) or offered value by value (same file); undo as one commit.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, expect, it } from 'vitest';
import { SAMPLE_CONTENT } from '../../../helpers/content.js';
import { addSession } from '../../../helpers/worker.js';
import { editorHarnessForFile } from './editor-worker.js';

const harness = editorHarnessForFile();
let start = '';

beforeEach(async () => {
  const { standin, seed } = harness();
  start = await standin.push(seed, 'The site as it starts');
});

interface FileAnswer {
  version: string;
  value: { services: Array<{ id: string; pricing: { starting: number } }> };
  problems: Array<{ code: string; field: string; line?: number }>;
}

/** The owner opens services.yaml and sets the first service's starting price; answers the text kept on the phone. */
async function changePrice(
  price: number | string,
  saved: Record<string, string> = {},
  head = start,
): Promise<{ status: number; text?: string; body: Record<string, unknown> }> {
  const { call } = harness();
  const file = (await (await call('file', { head, saved, file: 'services.yaml' })).json()) as FileAnswer;
  const value = structuredClone(file.value);
  (value.services[0]!.pricing as { starting: number | string }).starting = price;
  const answer = await call('save', { head, saved, file: 'services.yaml', value, version: file.version });
  const body = (await answer.json()) as Record<string, unknown>;
  return { status: answer.status, text: body.text as string | undefined, body };
}

it('lists the content files at the branch head, and remembers that head for the owner', async () => {
  const { call } = harness();
  const answer = await call('files', {});
  expect(answer.status).toBe(200);
  const body = (await answer.json()) as { head: string; files: Array<{ file: string; title: string; exists: boolean }> };
  expect(body.head).toBe(start);
  expect(body.files).toContainEqual(expect.objectContaining({ file: 'services.yaml', exists: true }));
  expect(body.files.some((entry) => entry.file.startsWith('ml/'))).toBe(false);
});

it('reads a file with its form and no problems, and refuses a price that is not a number where the form shows it', async () => {
  const { call } = harness();
  const file = (await (await call('file', { head: start, file: 'services.yaml' })).json()) as FileAnswer & { model: { kind: string } };
  expect(file.problems).toEqual([]);
  expect(file.model.kind).toBe('group');
  const refused = await changePrice('eight thousand');
  expect(refused.status).toBe(422);
  const problems = refused.body.problems as Array<{ file: string; path: string; line: number }>;
  expect(problems[0]).toMatchObject({
    file: 'content/services.yaml',
    path: expect.stringContaining('pricing.starting'),
    line: expect.any(Number),
  });
});

it('publishes a changed price as exactly one commit on the head the owner started from, touching only services.yaml', async () => {
  const { call, standin } = harness();
  const kept = await changePrice(7777);
  expect(kept.body).not.toHaveProperty('problems');
  expect(kept.status).toBe(200);
  expect(kept.text).toContain('starting: 7777');
  const published = await call('publish', { head: start, saved: { 'services.yaml': kept.text }, message: 'New price for house shifting' });
  expect(published.status).toBe(200);
  const { commit } = (await published.json()) as { commit: string };
  const git = standin.git;
  expect(await git.ref('main')).toBe(commit);
  expect(await git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${start}`);
  expect(await git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', start, commit])).toBe('content/services.yaml');
  expect(await git.text(['log', '-1', '--format=%s', commit])).toBe('New price for house shifting');
  expect(standin.violations).toEqual([]);
});

it('goes on on top of someone else’s publish of another file, keeping theirs', async () => {
  const { call, standin, seed } = harness();
  const kept = await changePrice(6666);
  const theirs = await standin.push(
    { 'content/whatsapp.yaml': seed['content/whatsapp.yaml']!.replace(/\n$/, '\n# checked by the manager\n') },
    'The manager’s note',
  );
  const published = await call('publish', { head: start, saved: { 'services.yaml': kept.text }, message: 'New price' });
  expect(published.status).toBe(200);
  const { commit } = (await published.json()) as { commit: string };
  const git = standin.git;
  expect(await git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${theirs}`);
  expect(await git.text(['diff-tree', '--no-commit-id', '--name-only', '-r', theirs, commit])).toBe('content/services.yaml');
  expect(await git.text(['show', `${commit}:content/whatsapp.yaml`])).toContain('# checked by the manager');
  expect(standin.violations).toEqual([]);
});

it('asks the owner to choose when someone else changed the same file, and publishes the values chosen', async () => {
  const { call, standin, seed } = harness();
  const kept = await changePrice(5555);
  const theirText = seed['content/services.yaml']!.replace('starting: 8999', 'starting: 9100');
  const theirs = await standin.push({ 'content/services.yaml': theirText }, 'The manager’s price');
  const asked = await call('publish', { head: start, saved: { 'services.yaml': kept.text }, message: 'My price' });
  expect(asked.status).toBe(409);
  const body = (await asked.json()) as {
    needs: string;
    message: string;
    conflicts: { id: string; files: Array<{ file: string; differences: Array<{ theirs: string; mine: string }> }> };
  };
  expect(body.needs).toBe('choose');
  expect(body.message).toMatch(/Choose their version or yours/);
  expect(body.conflicts.files).toEqual([
    { file: 'content/services.yaml', differences: [expect.objectContaining({ theirs: '9100', mine: '5555' })] },
  ]);
  expect(await standin.git.ref('main')).toBe(theirs);
  const chosen = await call('publish', {
    head: start,
    saved: { 'services.yaml': kept.text },
    message: 'My price',
    choices: { id: body.conflicts.id, picks: ['mine'] },
  });
  expect(chosen.status).toBe(200);
  const { commit } = (await chosen.json()) as { commit: string };
  expect(await standin.git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${theirs}`);
  expect(await standin.git.text(['show', `${commit}:content/services.yaml`])).toContain('starting: 5555');
  expect(standin.violations).toEqual([]);
});

it('keeps a change that is right though another file already had a problem: only the problems it brings refuse it', async () => {
  const { standin } = harness();
  const broken = await standin.push({ 'content/whatsapp.yaml': 'greeting: [unclosed\n' }, 'A mistake made elsewhere');
  const kept = await changePrice(7000, {}, broken);
  expect(kept.status).toBe(200);
  expect(kept.text).toContain('starting: 7000');
});

it('refuses to publish what the deploy would refuse, saying where, and writes nothing', async () => {
  const { call, standin, seed } = harness();
  const placeholder = seed['content/site.yaml']!.replace(/(\n\s*name: ).*/, '$1Your Company Name # PLACEHOLDER');
  const refused = await call('publish', { head: start, saved: { 'site.yaml': placeholder }, message: 'Name' });
  expect(refused.status).toBe(422);
  const body = (await refused.json()) as { code: string; message: string };
  expect(body.code).toBe('editor-not-checked');
  expect(body.message).toMatch(/content\/site\.yaml:\d+:\d+/);
  expect(await standin.git.ref('main')).toBe(start);
});

it('refuses a Malayalam file the deploy would refuse, in the same words and place, and writes nothing', async () => {
  const { call, standin } = harness();
  const services = await readFile(path.join(SAMPLE_CONTENT, 'ml/services.yaml'), 'utf8');
  const broken = services.replace(/(\n\s*title: )[^\n]+/, '$1\n      - ഒന്ന്\n      - രണ്ട്');
  expect(broken).not.toBe(services);
  const refused = await call('publish', { head: start, saved: { 'ml/services.yaml': broken }, message: 'Malayalam title' });
  expect(refused.status).toBe(422);
  const body = (await refused.json()) as { code: string; message: string };
  expect(body.code).toBe('editor-not-checked');
  expect(body.message).toMatch(/content\/ml\/services\.yaml:9:\d+/);
  expect(await standin.git.ref('main')).toBe(start);
  // The same translation, right, publishes: the Malayalam files it leaves out show in English meanwhile.
  const published = await call('publish', { head: start, saved: { 'ml/services.yaml': services }, message: 'Malayalam services' });
  expect(published.status).toBe(200);
  expect(await standin.git.ref('main')).not.toBe(start);
});

it('undoes the last publish with one commit putting the file back as it was', async () => {
  const { call, standin, seed } = harness();
  const kept = await changePrice(4444);
  const published = (await (
    await call('publish', { head: start, saved: { 'services.yaml': kept.text }, message: 'A price to undo' })
  ).json()) as { commit: string; files: string[] };
  const undone = await call('undo', { commit: published.commit, files: published.files });
  expect(undone.status).toBe(200);
  const { commit, parent } = (await undone.json()) as { commit: string; parent: string };
  const git = standin.git;
  expect(await git.text(['rev-list', '--parents', '-n', '1', commit])).toBe(`${commit} ${published.commit}`);
  // Named, so a phone keeping changes made from that head goes on from the undo (editor/phone/requests.ts).
  expect(parent).toBe(published.commit);
  expect(await git.text(['show', `${commit}:content/services.yaml`])).toBe(seed['content/services.yaml']!.trimEnd());
  expect(await git.text(['log', '-1', '--format=%s', commit])).toBe('Undo “A price to undo”');
  expect(standin.violations).toEqual([]);
});

it('refuses every editor call without a session, and a write from another origin', async () => {
  const { worker } = harness();
  const anonymous = await worker.fetch('/api/editor/files', {
    method: 'POST',
    headers: { Origin: 'https://movers.example', 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(anonymous.status).toBe(401);
  const elsewhere = await worker.fetch('/api/editor/files', {
    method: 'POST',
    headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(elsewhere.status).toBe(403);
});

it('tells a phone whose session ran out mid-edit to sign in again, in words', async () => {
  const { call, worker } = harness();
  const expired = await addSession(worker, 'phone-1', Date.now() - 1000);
  const answer = await call('save', { head: start, file: 'services.yaml', value: {}, version: '' }, expired);
  expect(answer.status).toBe(401);
  expect(await answer.json()).toEqual({ code: 'session-expired', message: expect.stringMatching(/Sign in again\.$/) });
});

it('says in the owner’s words when the App is not installed, or GitHub asks to wait', async () => {
  const { call, standin } = harness();
  standin.installed = false;
  try {
    const answer = await call('files', {});
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { message: string }).message).toMatch(/not installed on the company’s repository/);
  } finally {
    standin.installed = true;
  }
  standin.rateLimit = { status: 403, kind: 'primary', until: new Date(Date.now() + 10 * 60_000) };
  try {
    const answer = await call('files', {});
    expect(answer.status).toBe(429);
    expect(((await answer.json()) as { message: string }).message).toMatch(
      /GitHub asks the site to wait before it asks again\. Try again in about \d+ minutes\./,
    );
  } finally {
    standin.rateLimit = undefined;
  }
});
