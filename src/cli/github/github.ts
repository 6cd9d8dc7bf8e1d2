// `crscore github PR_URL`: one JSONL row per review comment of a pull request, read through GitHub's REST API
// (the same client as the browser: src/github). The token comes from GITHUB_TOKEN and goes in a header only.
import { parseArgs } from 'node:util';
import { checkRefHost, DEFAULT_API_BASE, DEFAULT_TIMEOUT_MS, fetchPullRequest, GithubError, normaliseApiBase, parsePullRequestRef, toJsonl, toReviewItems, type FetchProgress } from '../../github/index.ts';
import { CliError, positiveNumber, say, warn } from '../shared/io.ts';

export const GITHUB_USAGE = `crscore github PR_URL [options] > rows.jsonl

PR_URL is https://github.com/OWNER/REPO/pull/N or OWNER/REPO#N (or, with --api-base set to a GitHub
Enterprise server, a page URL on that server).
Writes one JSONL row per review comment: id, diff (the comment's hunk with a file header), review,
system (the author), file, lang, new_code (the file at the head commit), url, in_reply_to (for replies).
'crscore score --pseudo-refs analyzers' and 'crscore eval --pseudo-refs analyzers' read the rows as they are.

The token is read from the environment variable GITHUB_TOKEN (needed for private repositories and for
more than 60 requests an hour); it is sent in the Authorization header only, and only to the API base:
https://api.github.com unless --api-base (or the environment variable GITHUB_API_URL) names another.
A link is never used to pick the server: a link on another host is refused.

Options:
  --api-base URL   the REST API (default https://api.github.com, or GITHUB_API_URL when set;
                   https://HOST/api/v3 for GitHub Enterprise)
  --timeout SEC    give up on a request that takes longer (default ${DEFAULT_TIMEOUT_MS / 1000})
  --no-replies     leave out replies (comments that answer another comment)
  -h, --help       this text
`;

export async function runGithub(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'api-base': { type: 'string' },
      timeout: { type: 'string' },
      'no-replies': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    process.stdout.write(GITHUB_USAGE);
    return 0;
  }
  if (positionals.length !== 1) throw new CliError(`give exactly one pull request\n\n${GITHUB_USAGE}`);
  try {
    const timeoutMs = 1000 * (positiveNumber(values.timeout, '--timeout') ?? DEFAULT_TIMEOUT_MS / 1000);
    const ref = parsePullRequestRef(positionals[0]);
    // Only an explicit choice names another API host; the link's host is checked against it, never followed.
    const apiBase = normaliseApiBase(values['api-base'] ?? (process.env.GITHUB_API_URL || DEFAULT_API_BASE));
    checkRefHost(ref, apiBase);
    let last = '';
    const onProgress = (p: FetchProgress) => {
      const line = `${p.step}: ${p.done}${p.total !== undefined ? `/${p.total}` : ''}`;
      if (line !== last && (p.total === undefined || p.done === p.total)) say(line);
      last = line;
    };
    const data = await fetchPullRequest(ref, { apiBase, token: process.env.GITHUB_TOKEN, onProgress, timeoutMs });
    for (const n of data.notes) warn(n);
    const items = toReviewItems(data).filter((it) => !(values['no-replies'] && it.inReplyTo));
    process.stdout.write(toJsonl(items));
    const replies = items.filter((it) => it.inReplyTo).length;
    say(`${data.owner}/${data.repo}#${data.pr.number}: ${items.length} review comments (${replies} replies) from ${new Set(items.map((i) => i.author)).size} authors`);
    return 0;
  } catch (e) {
    // Remote failures exit 1, a bad argument 2; the message never carries the token (see src/github/errors.ts).
    if (e instanceof GithubError) throw new CliError(e.terminal ?? (e.detail ? `${e.message} (${e.detail})` : e.message), e.kind === 'not-a-pr' || e.kind === 'bad-api-base' || e.kind === 'wrong-host' ? 2 : 1);
    throw e;
  }
}
