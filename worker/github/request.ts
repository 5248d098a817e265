/**
 * One call to GitHub's API. Failures every call shares become a GitHubProblem here: GitHub out of
 * reach or failing (5xx), and its rate limits; what a status means for one call is left to the caller.
 * The token travels in the Authorization header only and is never part of a problem.
 */
import { GitHubProblem } from './problems.js';

export interface GitHubAnswer {
  status: number;
  headers: Headers;
  body: any;
}

export interface GitHubCall {
  method: 'GET' | 'POST' | 'PATCH';
  /** From the API's root, with its query; each path segment already encoded. */
  path: string;
  /** An App JWT or an installation token; none for the one call GitHub takes without (a manifest's code). */
  credential?: string;
  body?: unknown;
}

export async function callGitHub(api: string, call: GitHubCall, now = Date.now()): Promise<GitHubAnswer> {
  let response: Response;
  try {
    response = await fetch(`${api}${call.path}`, {
      method: call.method,
      headers: {
        Accept: 'application/vnd.github+json',
        ...(call.credential === undefined ? {} : { Authorization: `Bearer ${call.credential}` }),
        'X-GitHub-Api-Version': '2022-11-28',
        'User-Agent': 'kerala-movers-site',
        ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
  } catch (cause) {
    throw new GitHubProblem('github-unreachable', { detail: `${call.method} ${call.path.split('?')[0]}: no answer`, cause });
  }
  const body: unknown = await response.json().catch(() => undefined);
  const detail = `${call.method} ${call.path.split('?')[0]}: ${response.status} ${messageOf(body)}`;
  if (response.status >= 500) throw new GitHubProblem('github-unreachable', { detail });
  const retryAt = rateLimitedUntil(response, now);
  if (retryAt) throw new GitHubProblem('github-rate-limited', { detail, retryAt });
  return { status: response.status, headers: response.headers, body };
}

/** GitHub's own words on a refusal, for whoever looks after the site. */
export function messageOf(body: unknown): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : '';
}

/**
 * When GitHub will take the next call, if this answer is a rate limit: the primary limit says
 * x-ratelimit-remaining 0 and x-ratelimit-reset (epoch seconds); a secondary limit says retry-after
 * (seconds). A 403 with neither is a permission refusal, not a limit.
 */
function rateLimitedUntil(response: Response, now: number): Date | undefined {
  if (response.status !== 403 && response.status !== 429) return undefined;
  const retryAfter = Number(response.headers.get('retry-after'));
  if (response.headers.get('retry-after') !== null && Number.isFinite(retryAfter)) return new Date(now + retryAfter * 1000);
  const reset = Number(response.headers.get('x-ratelimit-reset'));
  if (response.headers.get('x-ratelimit-remaining') === '0' && Number.isFinite(reset)) return new Date(reset * 1000);
  // A 429 always means slow down, even without a time: a minute is GitHub's own advice.
  if (response.status === 429) return new Date(now + 60_000);
  return undefined;
}
