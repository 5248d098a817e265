/**
 * The Worker's GitHub client inside workerd, for tests: a Worker whose one address runs a client
 * call named in the request and answers its result, or its problem as the API would word it.
 * Settings come from the Worker's bindings, as on Cloudflare (GITHUB_API is the stand-in's address).
 */
import { companyRepository, GitHubProblem, type Change, type GitHubEnv } from '../../../../worker/github/index.js';
import { fromBase64, toBase64 } from '../../../../worker/github/base64.js';
import { sharedTokens } from '../../../../worker/github/installation.js';

type Call = (
  | { op: 'head' }
  | { op: 'tree'; sha: string }
  | { op: 'blob'; sha: string }
  | { op: 'history'; path: string; from?: string }
  | { op: 'commit'; change: Omit<Change, 'additions'> & { additions: Array<{ path: string; contents: string; base64?: boolean }> } }
) & {
  /** Forget the installation and token this isolate holds first, as a Worker just started would. */
  fresh?: boolean;
};

export default {
  async fetch(request: Request, env: GitHubEnv): Promise<Response> {
    const call = (await request.json()) as Call;
    try {
      if (call.fresh) sharedTokens.clear();
      const repository = await companyRepository(env);
      const result =
        call.op === 'head'
          ? await repository.head()
          : call.op === 'tree'
            ? await repository.tree(call.sha)
            : call.op === 'blob'
              ? toBase64(await repository.blob(call.sha))
              : call.op === 'history'
                ? await repository.history(call.path, call.from)
                : await repository.commit({
                    ...call.change,
                    // JSON carries no bytes: a binary file comes as base64 and is handed on as bytes.
                    additions: call.change.additions.map(({ path, contents, base64 }) => ({
                      path,
                      contents: base64 ? fromBase64(contents) : contents,
                    })),
                  });
      return Response.json({ result });
    } catch (error) {
      if (error instanceof GitHubProblem) return Response.json({ problem: error.toJSON() });
      return Response.json({ crash: String((error as Error).stack ?? error) }, { status: 500 });
    }
  },
};
