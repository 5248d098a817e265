/**
 * Whether the site as it is served now shows a commit the phone published: this version of the
 * Worker and its files were deployed from SITE_COMMIT (the deploy sets it). That is the commit
 * itself, or one after it on the branch: a deploy still waiting when a newer push comes is dropped
 * for the newer one (the workflow's concurrency), whose site holds both.
 */
import type { Repository } from '../github/repository.js';

/** How far back from the served commit the phone's commit is looked for: GitHub's largest page. */
const LOOK_BACK = 100;

export type Liveness = { known: false } | { known: true; live: boolean };

export async function liveness(repository: () => Promise<Repository>, served: string | undefined, commit: string): Promise<Liveness> {
  const site = served?.trim();
  // A site deployed without its commit (by hand, or before the deploy set it) cannot say.
  if (!site) return { known: false };
  if (site === commit) return { known: true, live: true };
  const history = await (await repository()).history(undefined, site, LOOK_BACK);
  return { known: true, live: history.some((entry) => entry.sha === commit) };
}
