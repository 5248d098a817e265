/**
 * Why a call to GitHub failed, by a stable code, in the owner's words. Each code never changes, so
 * /admin/ and the tests can tell the cases apart; the words say what happened and the one thing to do.
 */
export const GITHUB_MESSAGES = {
  'github-not-set-up':
    'This site is not connected to its GitHub repository yet. On the Phones screen of the site editor, under GitHub, connect it.',
  'github-not-installed':
    'The site’s GitHub App is not installed on the company’s repository, so nothing can be read or published. Ask whoever looks after the site to install it on that repository.',
  'github-no-access':
    'The site’s GitHub App may not write to the company’s repository. Ask whoever looks after the site to give the App “Contents: read and write” on that repository.',
  'github-key-refused':
    'GitHub did not accept the site’s GitHub App key. Ask whoever looks after the site to check the App id and private key.',
  'github-rate-limited': 'GitHub asks the site to wait before it asks again.',
  'github-head-moved': 'Someone else published a change while you were editing. Your changes are kept: look at theirs, then publish again.',
  'github-unreachable': 'GitHub could not be reached just now. Nothing was lost: try again in a minute.',
  'github-not-found': 'That file or version is not in the company’s repository any more. Reload and try again.',
  'github-refused':
    'GitHub refused the change. Nothing was published: try again, and if it keeps happening tell whoever looks after the site.',
} as const;

export type GitHubProblemCode = keyof typeof GITHUB_MESSAGES;

/** A failed call to GitHub. Never carries a token: `detail` is GitHub's own words, for whoever looks after the site. */
export class GitHubProblem extends Error {
  override readonly name = 'GitHubProblem';

  constructor(
    readonly code: GitHubProblemCode,
    options: { detail?: string; retryAt?: Date; head?: string; cause?: unknown } = {},
  ) {
    super(messageFor(code, options.retryAt), { cause: options.cause });
    this.detail = options.detail;
    this.retryAt = options.retryAt;
    this.head = options.head;
  }

  readonly detail: string | undefined;
  /** When GitHub allows the next call (github-rate-limited). */
  readonly retryAt: Date | undefined;
  /** The branch's new head (github-head-moved): the commit the other person published. */
  readonly head: string | undefined;

  /** What an API answer carries: the code, the words, and the retry time or the new head. */
  toJSON(): { code: GitHubProblemCode; message: string; retryAt?: string; head?: string } {
    return {
      code: this.code,
      message: this.message,
      ...(this.retryAt ? { retryAt: this.retryAt.toISOString() } : {}),
      ...(this.head ? { head: this.head } : {}),
    };
  }
}

function messageFor(code: GitHubProblemCode, retryAt: Date | undefined): string {
  if (code !== 'github-rate-limited') return GITHUB_MESSAGES[code];
  if (!retryAt) return `${GITHUB_MESSAGES[code]} Try again in a few minutes.`;
  // In minutes from now rather than a clock time: the owner's phone and the Worker keep different time zones.
  // The exact time travels as retryAt, for a page to show in the phone's own.
  const minutes = Math.max(1, Math.round((retryAt.getTime() - Date.now()) / 60_000));
  return `${GITHUB_MESSAGES[code]} Try again in ${minutes === 1 ? 'about a minute' : `about ${minutes} minutes`}.`;
}
