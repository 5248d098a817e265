/**
 * Why connecting the site's GitHub repository from the phone failed, by a stable code, in the
 * owner's words: the parts of GitHub's manifest flow the other GitHub problems (problems.ts) do
 * not cover. GitHub out of reach or asking to wait are those problems, as everywhere else.
 */
export const CONNECT_MESSAGES = {
  'github-code-expired':
    'GitHub’s answer came back too late or was used already: it is good once, within an hour. Press “Connect the site’s GitHub repository” again.',
  'github-state-mismatch':
    'This answer from GitHub does not belong to a connection started on this phone, so it was not used. Press “Connect the site’s GitHub repository” again.',
  'github-repository-unknown':
    'The site does not know its GitHub repository yet: its deploy tells it. In the repository on GitHub, open Actions, then Deploy, and press Run workflow; come back here when it has finished.',
  'github-wrong-account':
    'GitHub made the App for another account than the one that owns the site’s repository, and it can only be installed there. On GitHub, delete that App (Settings, Developer settings, GitHub Apps), sign in as an owner of the repository’s account, and press “Connect the site’s GitHub repository” again.',
  'github-app-refused':
    'GitHub did not make the App. Press “Connect the site’s GitHub repository” again; if it keeps happening, tell whoever looks after the site.',
  'github-set-in-settings':
    'This site’s GitHub App is set in the site’s settings by whoever looks after the site, so it cannot be changed from this phone.',
} as const;

export type ConnectProblemCode = keyof typeof CONNECT_MESSAGES;

export class ConnectProblem extends Error {
  override readonly name = 'ConnectProblem';

  constructor(
    readonly code: ConnectProblemCode,
    readonly detail?: string,
  ) {
    super(CONNECT_MESSAGES[code]);
  }

  toJSON(): { code: ConnectProblemCode; message: string } {
    return { code: this.code, message: this.message };
  }
}
