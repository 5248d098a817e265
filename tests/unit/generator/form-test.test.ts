/**
 * `site form-test` against the stand-in relay (tests/browser/relay.ts) in each outcome an operator
 * can meet: accepted, refused (FormSubmit's "needs Activation"), an HTTP error, no answer in time,
 * and no relay at all. Exit codes and the printed words are what the operator relies on.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../bin/cli.js';
import { describeOutcome, sendFormTest, type FormTestRequest } from '../../../generator/form-test.js';
import { captureIo, contentWithFixture, ROOT } from '../../helpers/content.js';
import { RelayClient, startRelay, type Relay } from '../../browser/relay.js';

let relay: Relay;
let control: RelayClient;
const temporary: string[] = [];

beforeAll(async () => {
  relay = await startRelay();
  control = new RelayClient(relay.origin);
});
beforeEach(async () => {
  await control.reset();
});
afterAll(async () => {
  await relay.close();
  await Promise.all(temporary.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A copy of the sample content, optionally with form settings changed; returns its content folder. */
async function contentDir(form: Record<string, unknown> = {}): Promise<string> {
  const dir = await contentWithFixture();
  temporary.push(dir);
  const file = path.join(dir, 'content', 'site.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  for (const [key, value] of Object.entries(form)) doc.setIn(['form', key], value);
  await writeFile(file, doc.toString({ lineWidth: 0 }));
  return path.join(dir, 'content');
}

async function formTest(args: string[]) {
  const io = captureIo(ROOT);
  const code = await main(['form-test', ...args], io);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

/** No stack trace, no "Error:" prefix: what a person reads. */
function expectPlainWords(text: string): void {
  expect(text).not.toMatch(/^\s+at /m);
  expect(text).not.toMatch(/\bError:/);
  expect(text).not.toMatch(/bug/i);
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('site form-test', () => {
  it('accepted: exit 0, says so, and sent exactly one request marked as a test', async () => {
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`The form relay at ${relay.endpoint} accepted the test request`);
    expect(result.stdout).toContain('hello@example.com');
    expect(result.stderr).toBe('');
    const submissions = await control.submissions();
    expect(submissions).toHaveLength(1);
    const [sent] = submissions;
    expect(sent!.kind).toBe('fetch');
    expect(sent!.fields._subject).toBe('TEST New Moving Quote Request - site form-test');
    expect(sent!.fields.subject).toBe(sent!.fields._subject);
    expect(sent!.fields.test).toMatch(/not a real quote request/);
    expect(sent!.fields.email).toBe('hello@example.com');
  });

  it('refused with "needs Activation": exit 1, the relay’s reason and how to activate', async () => {
    await control.set({ mode: 'refuse' });
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The form relay at ${relay.endpoint} refused the test request: "This form needs Activation."`);
    expect(result.stderr).toMatch(
      /hint: open the email from FormSubmit in the inbox of hello@example\.com .*activation link.*run "site form-test" again/,
    );
    expectPlainWords(result.stderr);
    expect(await control.submissions()).toHaveLength(1);
  });

  it('an HTTP error: exit 1, naming the address and the status', async () => {
    await control.set({ mode: 'error' });
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `The form relay at ${relay.endpoint} answered 500 Internal Server Error instead of accepting the test request.`,
    );
    expectPlainWords(result.stderr);
  });

  it('no answer in time: exit 1, naming the address and the wait', async () => {
    await control.set({ mode: 'hang' });
    // The shortest wait content allows, so the test takes seconds, not the usual twenty.
    const result = await formTest(['--content', await contentDir({ timeoutSeconds: 5 }), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The form relay at ${relay.endpoint} did not answer within 5 seconds.`);
    expectPlainWords(result.stderr);
  }, 15_000);

  it('unreachable: exit 1, naming the address and the reason', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}/submit`;
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`The form relay at ${endpoint.replace(/[.]/g, '\\.')} could not be reached \\(.*ECONNREFUSED.*\\)\\.`),
    );
    expectPlainWords(result.stderr);
  });

  it('a dropped connection counts as unreachable, in plain words', async () => {
    await control.set({ mode: 'drop' });
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The form relay at ${relay.endpoint} could not be reached`);
    expectPlainWords(result.stderr);
  });

  it('uses the address made from form.recipient, and refuses to test the placeholder', async () => {
    const result = await formTest(['--content', await contentDir()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('form.recipient in site.yaml is still the placeholder hello@example.com');
    expect(await control.submissions()).toEqual([]);
  });

  it('refuses a --form-endpoint that is not a web address', async () => {
    const result = await formTest(['--content', await contentDir(), '--form-endpoint', 'relay.local']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--form-endpoint needs a full web address');
  });

  it('prints the content problems and sends nothing when the content is not valid', async () => {
    const result = await formTest(['--content', await contentDir({ timeoutSeconds: 'soon' }), '--form-endpoint', relay.endpoint]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/site\.yaml:\d+:\d+ {2}form\.timeoutSeconds/);
    expect(await control.submissions()).toEqual([]);
  });
});

describe('sendFormTest and describeOutcome', () => {
  const request = (endpoint: string, timeoutMs = 300): FormTestRequest => ({
    endpoint,
    recipient: 'office@movers.example',
    subjectPrefix: 'Quote -',
    timeoutMs,
  });

  it('gives up after the timeout and says how long it waited', async () => {
    await control.set({ mode: 'hang' });
    const outcome = await sendFormTest(request(relay.endpoint));
    expect(outcome).toEqual({ kind: 'timeout' });
    expect(describeOutcome(outcome, request(relay.endpoint))).toMatchObject({
      ok: false,
      message: `The form relay at ${relay.endpoint} did not answer within 0.3 seconds.`,
    });
  });

  it('a refusal for another reason quotes it, without the activation advice', () => {
    const report = describeOutcome({ kind: 'refused', reason: 'Too many requests from this site.' }, request('https://relay.example/ajax'));
    expect(report.ok).toBe(false);
    expect(report.message).toContain('"Too many requests from this site."');
    expect(report.hint).not.toMatch(/activation/);
  });
});
