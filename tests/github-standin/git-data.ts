/**
 * GitHub's Git database writes on the stand-in's repository: blobs, trees, commits, refs made and
 * moved as GitHub makes them, so a branch can be published in one push. The body has already
 * passed the operation's schema; what is refused here is refused in GitHub's words, with 422.
 */
import { type Answer, basicError, gitCommit, gitRef, gitTree, type Place } from './answers.js';
import type { BareRepository, Person, TreeEdit } from './git.js';

const DOCS = 'https://docs.github.com/rest/git';
const TREE_DOCS = `${DOCS}/trees#create-a-tree`;

const refused = (message: string, documentation: string): Answer => ({ status: 422, body: basicError(message, 422, documentation) });

/** A 201 with GitHub's Location header: the address of what was made. */
const made = (url: string, body: unknown): Answer => ({ status: 201, headers: { location: url }, body });

const repositoryApi = (place: Place) => `${place.api}/repos/${place.owner}/${place.repo}`;

/** The type of object each tree mode names. */
const MODE_TYPES: Record<string, string> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};

export async function createBlob(git: BareRepository, place: Place, body: { content: string; encoding?: string }): Promise<Answer> {
  const encoding = body.encoding ?? 'utf-8';
  if (encoding !== 'utf-8' && encoding !== 'base64')
    return {
      status: 422,
      body: {
        message: 'Validation Failed',
        errors: [{ resource: 'Blob', field: 'encoding', code: 'invalid' }],
        documentation_url: `${DOCS}/blobs#create-a-blob`,
      },
    };
  const sha = await git.writeBlob(Buffer.from(body.content, encoding === 'base64' ? 'base64' : 'utf8'));
  const url = `${repositoryApi(place)}/git/blobs/${sha}`;
  return made(url, { url, sha });
}

interface TreeItem {
  path?: string;
  mode?: string;
  type?: string;
  sha?: string | null;
  content?: string;
}

export async function createTree(git: BareRepository, place: Place, body: { base_tree?: string; tree: TreeItem[] }): Promise<Answer> {
  if (body.base_tree !== undefined && !(await git.exists(body.base_tree, 'tree')))
    return refused('base_tree is not a valid tree oid', TREE_DOCS);
  const edits: TreeEdit[] = [];
  for (const item of body.tree) {
    const type = MODE_TYPES[item.mode ?? ''];
    if (!item.path || !item.mode || !type || type !== item.type) return refused('Invalid tree info', TREE_DOCS);
    if ((item.sha === undefined) === (item.content === undefined))
      return refused('Must supply either tree.sha or tree.content. Request will be rejected if both are present.', TREE_DOCS);
    const sha = item.content === undefined ? item.sha! : await git.writeBlob(Buffer.from(item.content, 'utf8'));
    // A submodule's commit lives in another repository: GitHub takes its sha as it is.
    if (sha !== null && type !== 'commit' && !(await git.exists(sha, type))) return refused('GitRPC::BadObjectState', TREE_DOCS);
    edits.push({ path: item.path, mode: item.mode, sha });
  }
  const edited = await git.editTree(body.base_tree, edits);
  // GitHub documents an error for removing a path that is not there, not its words: these are the
  // ones it gives for an entry it cannot use.
  if ('nothingAt' in edited) return refused('GitRPC::BadObjectState', TREE_DOCS);
  const entries = (await git.listTree(edited.tree)).filter((entry) => !entry.path.includes('/'));
  return made(`${repositoryApi(place)}/git/trees/${edited.tree}`, gitTree(place, edited.tree, entries));
}

export async function createCommit(
  git: BareRepository,
  place: Place,
  body: { message: string; tree: string; parents?: string[]; author?: Person; committer?: Person },
): Promise<Answer> {
  const documentation = `${DOCS}/commits#create-a-commit`;
  if (!(await git.exists(body.tree, 'tree'))) return refused('Tree SHA does not exist', documentation);
  const parents = body.parents ?? [];
  for (const parent of parents)
    if (!(await git.exists(parent, 'commit'))) return refused('Parent SHA does not exist or is not a commit object', documentation);
  const sha = await git.commitTree(body.tree, parents, body.message, { author: body.author, committer: body.committer });
  return made(`${repositoryApi(place)}/git/commits/${sha}`, gitCommit(place, await git.readCommit(sha)));
}

/** The object a ref may point at: any, and for a branch only a commit (git refuses others). */
async function target(git: BareRepository, ref: string, sha: string): Promise<string | undefined> {
  const type = await git.objectType(sha);
  return type && (type === 'commit' || !ref.startsWith('refs/heads/')) ? type : undefined;
}

export async function createRef(git: BareRepository, place: Place, body: { ref: string; sha: string }): Promise<Answer> {
  const documentation = `${DOCS}/refs#create-a-reference`;
  if (!/^refs\/[^/]+\/./.test(body.ref))
    return refused('Reference name must contain at least three slash-separated components.', documentation);
  if (!(await git.validRefName(body.ref))) return refused(`${body.ref} is not a valid ref name`, documentation);
  if (await git.resolveRef(body.ref)) return refused('Reference already exists', documentation);
  const type = await target(git, body.ref, body.sha);
  if (!type) return refused('Object does not exist', documentation);
  if (!(await git.setRef(body.ref, body.sha, undefined))) return refused('Reference update failed', documentation);
  return made(`${repositoryApi(place)}/git/${body.ref}`, gitRef(place, body.ref, body.sha, type));
}

/** `ref` as the address names it, without refs/ (heads/site-preview). */
export async function updateRef(git: BareRepository, place: Place, ref: string, body: { sha: string; force?: boolean }): Promise<Answer> {
  const documentation = `${DOCS}/refs#update-a-reference`;
  const name = `refs/${ref}`;
  const current = await git.resolveRef(name);
  if (!current) return refused('Reference does not exist', documentation);
  const type = await target(git, name, body.sha);
  if (!type) return refused('Object does not exist', documentation);
  if (!body.force && !(await git.isAncestor(current, body.sha))) return refused('Update is not a fast forward', documentation);
  // Only from the head read above, so of two updates at once one fails rather than both winning.
  if (!(await git.setRef(name, body.sha, current))) return refused('Reference update failed', documentation);
  return { status: 200, body: gitRef(place, name, body.sha, type) };
}
