/**
 * The GitHub stand-in's own checks fail loudly: a request GitHub's descriptions do not allow, sent
 * straight to it, is recorded as a violation, so an empty list in the client's tests means something.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkRequest, checkResponse } from '../../../github-standin/rest-contract.js';
import { GitHubStandin } from '../../../github-standin/server.js';

let standin: GitHubStandin;
const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const HEADERS = {
  Accept: 'application/vnd.github+json',
  'X-GitHub-Api-Version': '2022-11-28',
  'User-Agent': 'test',
  Authorization: 'Bearer ghs_unknown',
};

beforeAll(async () => {
  standin = await GitHubStandin.start({
    appId: 1,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }) as string,
    owner: 'o',
    repo: 'r',
  });
});
afterAll(() => standin.close());

async function violationsOf(pathname: string, init: RequestInit = {}): Promise<string[]> {
  const before = standin.violations.length;
  await (
    await fetch(`${standin.url}${pathname}`, { ...init, headers: { ...HEADERS, ...(init.headers as Record<string, string>) } })
  ).arrayBuffer();
  return standin.violations.slice(before);
}

it('records a query parameter the operation does not have', async () => {
  expect(await violationsOf('/repos/o/r/commits?path=a&colour=blue')).toEqual([
    'repos/list-commits request: unknown query parameter colour',
  ]);
});

it('records a query parameter of the wrong type', async () => {
  expect(await violationsOf('/repos/o/r/commits?per_page=many')).toEqual([
    expect.stringContaining('repos/list-commits request query per_page must be integer'),
  ]);
});

it('records a request body that does not fit the operation’s schema', async () => {
  const violations = await violationsOf('/app/installations/4242/access_tokens', {
    method: 'POST',
    body: JSON.stringify({ repositories: 'r' }),
  });
  expect(violations).toContainEqual(
    expect.stringContaining('apps/create-installation-access-token request body/repositories must be array'),
  );
});

it('records an address GitHub has no operation for, and headers GitHub documents otherwise', async () => {
  expect(await violationsOf('/repos/o/r/git/nothing', { headers: { Accept: 'text/html' } })).toEqual([
    'GET /repos/o/r/git/nothing: accept is text/html, GitHub documents application/vnd.github+json',
    "GET /repos/o/r/git/nothing: no such operation in GitHub's REST description",
  ]);
});

it('records a GraphQL field GitHub’s schema does not have, and a variable of the wrong input type', async () => {
  const unknownField = await violationsOf('/graphql', {
    method: 'POST',
    body: JSON.stringify({ query: 'mutation { createCommitOnBranch(input: {}) { sha } }' }),
  });
  expect(unknownField.join('\n')).toContain('Cannot query field "sha" on type "CreateCommitOnBranchPayload"');
  const query = 'mutation M($input: CreateCommitOnBranchInput!) { createCommitOnBranch(input: $input) { commit { oid } } }';
  const badInput = await violationsOf('/graphql', {
    method: 'POST',
    body: JSON.stringify({ query, variables: { input: { branch: {}, expectedHeadOid: 'x', message: { body: 'no headline' } } } }),
  });
  expect(badInput.join('\n')).toContain('Field "headline" of required type "String!" was not provided');
});

it('records an answer that does not fit the operation’s response schema', () => {
  const { operation } = checkRequest('POST', new URL('https://api.github.com/app/installations/1/access_tokens'), {});
  expect(checkResponse(operation!, 201, { token: 'ghs_x' })).toEqual([expect.stringContaining("must have required property 'expires_at'")]);
  expect(checkResponse(operation!, 204, undefined)).toEqual([
    "apps/create-installation-access-token answer 204: GitHub's description lists no such status",
  ]);
});
