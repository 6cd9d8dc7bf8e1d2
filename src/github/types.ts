// The parts of GitHub's REST answers this app reads (docs.github.com/rest/pulls: pulls, files, review comments,
// reviews; /rest/repos/contents). Every field GitHub may leave out or null is typed so.

export interface GhUser {
  login: string;
}

export interface GhPullRequest {
  number: number;
  title: string;
  html_url: string;
  state: string;
  body?: string | null;
  user?: GhUser | null;
  head: { sha: string; ref?: string };
  base?: { sha?: string; ref?: string };
}

export interface GhFile {
  filename: string;
  /** added, removed, modified, renamed, copied, changed, unchanged */
  status: string;
  previous_filename?: string;
  patch?: string;
}

export interface GhReviewComment {
  id: number;
  pull_request_review_id?: number | null;
  diff_hunk: string;
  path: string;
  body: string;
  user?: GhUser | null;
  html_url: string;
  in_reply_to_id?: number;
  line?: number | null;
  original_line?: number | null;
  commit_id?: string;
  original_commit_id?: string;
  created_at?: string;
  /** 'line' or 'file' (a comment on a whole file has no line). */
  subject_type?: string;
}

export interface GhReview {
  id: number;
  user?: GhUser | null;
  body?: string | null;
  state: string;
  html_url?: string;
  submitted_at?: string;
}

export interface GhContent {
  type: string;
  encoding?: string;
  content?: string;
  size?: number;
}

/** Everything read for one pull request. */
export interface PullRequestData {
  owner: string;
  repo: string;
  apiBase: string;
  pr: GhPullRequest;
  files: GhFile[];
  comments: GhReviewComment[];
  reviews: GhReview[];
  /** path → the file at the head commit; null when it could not be read (removed, binary, too large). */
  contents: Record<string, string | null>;
  /** Things worth saying that are not errors (a file that could not be read, a cap reached). */
  notes: string[];
}
