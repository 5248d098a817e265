/**
 * The stand-in's answers in GitHub's own shapes (the REST description's schemas), made from the
 * bare repository. Only the fields GitHub marks required and the ones the Worker reads are filled.
 */
import { randomBytes } from 'node:crypto';
import type { MadeApp } from './apps.js';
import type { GitCommit, GitTreeEntry } from './git.js';

/** What the stand-in answers a call: GitHub's status, any headers beside its own, the JSON body. */
export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface Place {
  /** The stand-in's own address, for the `url` fields. */
  api: string;
  owner: string;
  repo: string;
}

const node = (kind: string, id: string | number) => Buffer.from(`${kind}:${id}`).toString('base64url');

function user(place: Place, login: string, id: number) {
  const url = `${place.api}/users/${login}`;
  return {
    login,
    id,
    node_id: node('User', id),
    avatar_url: `https://avatars.example/${id}`,
    gravatar_id: '',
    url,
    html_url: `https://github.com/${login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: 'Organization',
    site_admin: false,
  };
}

export function installation(place: Place, id: number, appId: number, slug: string) {
  const time = '2026-01-01T00:00:00Z';
  return {
    id,
    app_id: appId,
    app_slug: slug,
    target_id: 1001,
    target_type: 'Organization',
    single_file_name: null,
    repository_selection: 'selected',
    access_tokens_url: `${place.api}/app/installations/${id}/access_tokens`,
    html_url: `https://github.com/organizations/${place.owner}/settings/installations/${id}`,
    repositories_url: `${place.api}/installation/repositories`,
    events: [],
    account: user(place, place.owner, 1001),
    permissions: { contents: 'write', metadata: 'read' },
    created_at: time,
    updated_at: time,
    suspended_by: null,
    suspended_at: null,
  };
}

/** The App a manifest's code became, with what GitHub hands out once: its secrets and private key. */
export function appFromManifest(place: Place, app: MadeApp) {
  const time = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  return {
    id: app.id,
    slug: app.slug,
    node_id: node('Integration', app.id),
    client_id: `Iv23li${app.id}`,
    owner: user(place, app.account, 1001),
    name: app.manifest.name ?? app.slug,
    description: app.manifest.description ?? null,
    external_url: app.manifest.url,
    html_url: `https://github.com/apps/${app.slug}`,
    created_at: time,
    updated_at: time,
    permissions: app.manifest.default_permissions ?? {},
    events: app.manifest.default_events ?? [],
    client_secret: randomBytes(20).toString('hex'),
    webhook_secret: null,
    pem: app.privateKey,
  };
}

export function installationToken(token: string, expiresAt: Date, permissions: Record<string, string>) {
  return { token, expires_at: expiresAt.toISOString().replace(/\.\d+Z$/, 'Z'), permissions, repository_selection: 'selected' };
}

/** A ref by its full name (refs/heads/main) and the object it points at. */
export function gitRef(place: Place, ref: string, sha: string, type = 'commit') {
  const base = `${place.api}/repos/${place.owner}/${place.repo}`;
  return {
    ref,
    node_id: node('Ref', ref),
    url: `${base}/git/${ref}`,
    object: { type, sha, url: `${base}/git/${type}s/${sha}` },
  };
}

export function gitTree(place: Place, sha: string, entries: GitTreeEntry[]) {
  const base = `${place.api}/repos/${place.owner}/${place.repo}`;
  return {
    sha,
    url: `${base}/git/trees/${sha}`,
    truncated: false,
    tree: entries.map((entry) => ({
      path: entry.path,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.size === undefined ? {} : { size: entry.size }),
      url: `${base}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
    })),
  };
}

export function blob(place: Place, sha: string, bytes: Buffer) {
  // GitHub wraps its base64 in lines of 60 characters.
  const content = (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n');
  return {
    sha,
    node_id: node('Blob', sha),
    size: bytes.length,
    url: `${place.api}/repos/${place.owner}/${place.repo}/git/blobs/${sha}`,
    content: content ? `${content}\n` : '',
    encoding: 'base64',
  };
}

/** GitHub signs no commit the stand-in makes. */
const UNSIGNED = { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null };

/** A commit's parents, each with its address under `api` (the commits API or the Git database's). */
function parents(place: Place, found: GitCommit, api: string) {
  const html = `https://github.com/${place.owner}/${place.repo}/commit`;
  return found.parents.map((sha) => ({ sha, url: `${api}/${sha}`, html_url: `${html}/${sha}` }));
}

/** A commit as the Git database answers it (git/create-commit). */
export function gitCommit(place: Place, found: GitCommit) {
  const base = `${place.api}/repos/${place.owner}/${place.repo}`;
  return {
    sha: found.sha,
    node_id: node('Commit', found.sha),
    url: `${base}/git/commits/${found.sha}`,
    html_url: `https://github.com/${place.owner}/${place.repo}/commit/${found.sha}`,
    author: found.author,
    committer: found.committer,
    message: found.message,
    tree: { sha: found.tree, url: `${base}/git/trees/${found.tree}` },
    parents: parents(place, found, `${base}/git/commits`),
    verification: UNSIGNED,
  };
}

export function commit(place: Place, found: GitCommit) {
  const base = `${place.api}/repos/${place.owner}/${place.repo}`;
  const html = `https://github.com/${place.owner}/${place.repo}/commit`;
  return {
    url: `${base}/commits/${found.sha}`,
    sha: found.sha,
    node_id: node('Commit', found.sha),
    html_url: `${html}/${found.sha}`,
    comments_url: `${base}/commits/${found.sha}/comments`,
    commit: {
      url: `${base}/git/commits/${found.sha}`,
      author: found.author,
      committer: found.committer,
      message: found.message,
      comment_count: 0,
      tree: { sha: found.tree, url: `${base}/git/trees/${found.tree}` },
      verification: UNSIGNED,
    },
    author: null,
    committer: null,
    parents: parents(place, found, `${base}/commits`),
  };
}

export function basicError(message: string, status: number, documentation = 'https://docs.github.com/rest') {
  return { message, documentation_url: documentation, status: String(status) };
}
