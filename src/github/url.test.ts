import { describe, expect, it } from 'vitest';
import { GithubError } from './errors.ts';
import { parseLinkHeader } from './link.ts';
import { apiBaseForHost, DEFAULT_API_BASE, normaliseApiBase, parsePullRequestRef } from './url.ts';

describe('parsePullRequestRef', () => {
  it('reads pull-request URLs and OWNER/REPO#N', () => {
    expect(parsePullRequestRef('https://github.com/facebook/react/pull/31452')).toEqual({ owner: 'facebook', repo: 'react', number: 31452, host: 'github.com' });
    expect(parsePullRequestRef('  https://github.com/o-1/r.js_x/pull/7/files?diff=split#diff-abc ')).toMatchObject({ owner: 'o-1', repo: 'r.js_x', number: 7 });
    expect(parsePullRequestRef('github.com/a/b/pull/3/')).toMatchObject({ owner: 'a', repo: 'b', number: 3 });
    expect(parsePullRequestRef('https://ghe.corp.example/team/svc/pull/12')).toMatchObject({ host: 'ghe.corp.example', number: 12 });
    expect(parsePullRequestRef('rust-lang/rust#100')).toEqual({ owner: 'rust-lang', repo: 'rust', number: 100 });
  });

  it('rejects anything else with a message that says what is expected', () => {
    const bad = ['', 'hello', 'https://github.com/a/b', 'https://github.com/a/b/issues/4', 'https://github.com/a/b/commit/abc', 'a/b#0', 'a/b#x', 'a#3', 'ftp://github.com/a/b/pull/1', 'https://github.com/a/b/pull/1x', 'javascript:alert(1)'];
    for (const input of bad) {
      let err: unknown;
      try {
        parsePullRequestRef(input);
      } catch (e) {
        err = e;
      }
      expect(err, input).toBeInstanceOf(GithubError);
      expect((err as GithubError).kind).toBe('not-a-pr');
      expect((err as GithubError).message).toMatch(/OWNER\/REPO/);
    }
    expect(() => parsePullRequestRef('https://github.com/a/b/issues/4')).toThrow(/an issue, not a pull request/);
  });
});

describe('API base', () => {
  it('defaults to api.github.com and derives Enterprise bases from a page host', () => {
    expect(normaliseApiBase('')).toBe(DEFAULT_API_BASE);
    expect(normaliseApiBase('https://ghe.corp.example/api/v3/')).toBe('https://ghe.corp.example/api/v3');
    expect(apiBaseForHost('github.com')).toBe(DEFAULT_API_BASE);
    expect(apiBaseForHost('ghe.corp.example')).toBe('https://ghe.corp.example/api/v3');
  });
  it('refuses credentials, other schemes and non-URLs', () => {
    expect(() => normaliseApiBase('https://user:pw@ghe.example/api/v3')).toThrow(/token field/);
    expect(() => normaliseApiBase('file:///etc')).toThrow(/http/);
    expect(() => normaliseApiBase('not a url')).toThrow(/not a URL/);
    expect(() => normaliseApiBase('https://h/api/v3?access_token=x')).toThrow(/query/);
  });
});

describe('parseLinkHeader', () => {
  it("reads GitHub's pagination links", () => {
    const h =
      '<https://api.github.com/repositories/1/pulls/2/comments?per_page=100&page=2>; rel="next", <https://api.github.com/repositories/1/pulls/2/comments?per_page=100&page=5>; rel="last"';
    expect(parseLinkHeader(h)).toEqual({
      next: 'https://api.github.com/repositories/1/pulls/2/comments?per_page=100&page=2',
      last: 'https://api.github.com/repositories/1/pulls/2/comments?per_page=100&page=5',
    });
  });
  it('handles several rels, unquoted rels, commas in URLs, and junk', () => {
    expect(parseLinkHeader('<https://x/a?q=1,2>; rel="prev first", <https://x/b>; rel=next')).toEqual({ prev: 'https://x/a?q=1,2', first: 'https://x/a?q=1,2', next: 'https://x/b' });
    expect(parseLinkHeader(null)).toEqual({});
    expect(parseLinkHeader('garbage; rel="next"')).toEqual({});
    expect(parseLinkHeader('<https://x/b>; title="a"')).toEqual({});
  });
});
