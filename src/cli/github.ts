// `crscore github PR_URL`: one JSONL row per review comment of a pull request, read through GitHub's REST API
// (the same client as the browser: src/github). The token comes from GITHUB_TOKEN and goes in a header only.
import { parseArgs } from 'node:util';
import { apiBaseForHost, fetchPullRequest, GithubError, parsePullRequestRef, toJsonl, toReviewItems, type FetchProgress } from '../github/index.ts';
import { CliError, warn } from './io.ts';

export const GITHUB_USAGE = `crscore github PR_URL [options] > rows.jsonl

PR_URL is https://github.com/OWNER/REPO/pull/N (or a GitHub Enterprise page URL) or OWNER/REPO#N.
Writes one JSONL row per review comment: id, diff (the comment's hunk with a file header), review,
system (the author), file, lang, new_code (the file at the head commit), url, in_reply_to (for replies).
'crscore score --pseudo-refs analyzers' and 'crscore eval --pseudo-refs analyzers' read the rows as they are.

The token is read from the environment variable GITHUB_TOKEN (needed for private repositories and for
more than 60 requests an hour); it is sent in the Authorization header only.

Options:
  --api-base URL   the REST API (default https://api.github.com; https://HOST/api/v3 for Enterprise,
                   which is also the default for an Enterprise page URL)
  --no-replies     leave out replies (comments that answer another comment)
  -h, --help       this text
`;

export async function runGithub(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: {
      'api-base': { type: 'string' },
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
    const ref = parsePullRequestRef(positionals[0]);
    const apiBase = values['api-base'] ?? apiBaseForHost(ref.host);
    let last = '';
    const onProgress = (p: FetchProgress) => {
      const line = `${p.step}: ${p.done}${p.total !== undefined ? `/${p.total}` : ''}`;
      if (line !== last && (p.total === undefined || p.done === p.total)) process.stderr.write(`${line}\n`);
      last = line;
    };
    const data = await fetchPullRequest(ref, { apiBase, token: process.env.GITHUB_TOKEN, onProgress });
    for (const n of data.notes) warn(n);
    const items = toReviewItems(data).filter((it) => !(values['no-replies'] && it.inReplyTo));
    process.stdout.write(toJsonl(items));
    const replies = items.filter((it) => it.inReplyTo).length;
    process.stderr.write(`${data.owner}/${data.repo}#${data.pr.number}: ${items.length} review comments (${replies} replies) from ${new Set(items.map((i) => i.author)).size} authors\n`);
    return 0;
  } catch (e) {
    // Remote failures exit 1, a bad argument 2; the message never carries the token (see src/github/errors.ts).
    if (e instanceof GithubError) throw new CliError(e.message, e.kind === 'not-a-pr' || e.kind === 'bad-api-base' ? 2 : 1);
    throw e;
  }
}
