/**
 * A preview address to send on WhatsApp before going live: the changes kept on the phone, checked as
 * Publish checks them, committed on top of the commit the owner started from to the branch
 * PREVIEW_BRANCH (made or moved there in one push). The deploy publishes that branch on Cloudflare at
 * the branch's own address (the deploy passes it to the Worker as PREVIEW_ADDRESS) and tells the
 * version it runs the commit it was built from (GET /api/site-commit), which is how the phone knows
 * when the address shows these changes. The site's own branch is never touched.
 */
import type { Repository } from '../github/repository.js';
import { EditorRefusal } from './files.js';
import { additionsOf, changedAt, checkStrictly, headlineOf } from './publish.js';
import { snapshotAt } from './snapshot.js';

/** The branch previews are published from; its address is named after it. */
export const PREVIEW_BRANCH = 'site-preview';

export interface PreviewRequest {
  repository: Repository;
  head: string;
  saved: ReadonlyMap<string, string>;
  photos: ReadonlyMap<string, Uint8Array>;
  message: string;
  /** Where the deploy publishes PREVIEW_BRANCH; unset until a deploy to Cloudflare has said. */
  address: string | undefined;
}

/** The address the deploy gave, as an origin, when it is one (http only for this computer, where site preview may stand one in). */
export function previewOriginOf(given: string | undefined): string | undefined {
  const address = given?.trim().replace(/\/+$/, '') ?? '';
  return /^(?:https:\/\/[a-z0-9.-]+|http:\/\/(?:localhost|127\.0\.0\.1)(?::\d+)?)$/.test(address) ? address : undefined;
}

export async function previewAddress(request: PreviewRequest): Promise<{ address: string; commit: string }> {
  const address = previewOriginOf(request.address);
  if (!address) throw new EditorRefusal(503, { code: 'editor-no-preview-address' });
  const { repository, head } = request;
  const base = await snapshotAt(repository, head);
  const changes = await changedAt(repository, base, request.saved);
  if (changes.size === 0 && request.photos.size === 0) throw new EditorRefusal(409, { code: 'editor-preview-nothing' });
  await checkStrictly(repository, base, changes, 'editor-preview-not-checked');
  const commit = await repository.replaceBranch(PREVIEW_BRANCH, head, {
    headline: `Preview: ${headlineOf(request.message)}`,
    additions: additionsOf(changes, request.photos),
    deletions: [],
  });
  return { address, commit };
}
