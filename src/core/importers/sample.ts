// A sample dataset the project makes itself (never the human-study data): code changes in Python, Java and
// JavaScript, pseudo-references (claims and an analyzer issue), reviews by four made-up systems of different care,
// a reference review (`msg`), and Likert scores that follow how much of the change each review covers. Research's
// "try it with a sample dataset" imports it; the benches scale it up to 100,000 reviews.
// The seeded generator is the bootstrap's, so the sample is the same everywhere.
import { mulberry32 as rng } from '../resampling';

interface Topic {
  fn: string;
  change: string;
  claims: string[];
  issue: string;
  careful: string;
  partial: string;
}

const TOPICS: Topic[] = [
  { fn: 'load_config', change: 'adds an encoding parameter', claims: ['The function gains an encoding parameter.', 'The default encoding is utf-8.', 'The file is still opened without passing the encoding.'], issue: 'The variable handle is assigned but never used.', careful: 'The new encoding parameter is never passed to open, so the default utf-8 has no effect.', partial: 'Pass the encoding to open as well.' },
  { fn: 'parse_items', change: 'counts items before the loop', claims: ['A count variable is added before the loop.', 'The count is computed but never used.', 'The loop body is unchanged.'], issue: 'Local variable count is never read.', careful: 'The count variable is computed before the loop but never used; remove it or use it in the loop.', partial: 'count looks unused.' },
  { fn: 'retry_request', change: 'retries a failed request three times', claims: ['Failed requests are retried up to three times.', 'There is no delay between retries.', 'The last exception is swallowed.'], issue: 'Catching a broad Exception hides errors.', careful: 'Retries happen with no delay between them and the last exception is swallowed; add a backoff and re-raise.', partial: 'Maybe add a delay between retries.' },
  { fn: 'cache_user', change: 'caches users in a module dictionary', claims: ['Users are cached in a module-level dictionary.', 'The cache never evicts entries.', 'The cache is not thread-safe.'], issue: 'Mutable global state is modified inside a function.', careful: 'The module-level user cache grows without eviction and is not thread-safe under concurrent requests.', partial: 'This cache never evicts entries.' },
  { fn: 'format_price', change: 'rounds prices to two decimals', claims: ['Prices are rounded to two decimals.', 'Rounding uses floating point arithmetic.', 'Negative prices are not handled.'], issue: 'Magic number 100 is used without a named constant.', careful: 'Rounding prices with floating point can give wrong cents; use a decimal type, and handle negative prices.', partial: 'Use a decimal type for money.' },
  { fn: 'close_session', change: 'closes the session in a finally block', claims: ['The session is now closed in a finally block.', 'Errors during close are ignored.', 'The session variable may be undefined when opening fails.'], issue: 'The exception from close is silently ignored.', careful: 'Closing in finally is good, but the session may be undefined when opening fails, and close errors are ignored.', partial: 'Good use of finally.' },
  { fn: 'sort_results', change: 'sorts results by score descending', claims: ['Results are sorted by score in descending order.', 'Ties keep no defined order.', 'The sort happens on every call.'], issue: 'Sorting inside a loop is inefficient.', careful: 'Sorting by score on every call is wasteful, and ties have no defined order; sort once and add a tie-breaker.', partial: 'Why sort on every call?' },
  { fn: 'validate_email', change: 'checks emails with a regular expression', claims: ['Emails are validated with a regular expression.', 'The pattern rejects plus signs in the local part.', 'The pattern is compiled on every call.'], issue: 'Regular expression is compiled inside the function.', careful: 'The email pattern rejects valid addresses with a plus sign and is compiled on every call; compile it once.', partial: 'Compile the regex once.' },
];

const LANGS = [
  { lang: 'py', ext: 'py', def: (f: string) => `def ${f}(self, value):`, call: (f: string) => `    return self.${f}_impl(value)` },
  { lang: 'java', ext: 'java', def: (f: string) => `public Object ${camel(f)}(Object value) {`, call: (f: string) => `    return ${camel(f)}Impl(value);` },
  { lang: 'js', ext: 'js', def: (f: string) => `function ${camel(f)}(value) {`, call: (f: string) => `  return ${camel(f)}Impl(value);` },
];

const VAGUE = ['Looks good to me.', 'LGTM, thanks!', 'Nice work.', 'Please fix.', 'Can you take another look?'];
const OFF_TOPIC = ['Please update the copyright year in the header.', 'Consider renaming the test file.', 'The README could mention this project.', 'Indentation uses tabs here.'];

function camel(s: string): string {
  return s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
}


const likert = (x: number) => Math.max(1, Math.min(5, Math.round(x)));

/** `changes` rows in the dev.jsonl shape, four system reviews and a `msg` each (seeded). */
export function sampleRows(changes = 36, seed = 7): object[] {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)];
  const rows: object[] = [];
  for (let i = 0; i < changes; i++) {
    const t = TOPICS[i % TOPICS.length];
    const L = LANGS[Math.floor(i / TOPICS.length) % LANGS.length];
    const diff = `@@ -${10 + i},2 +${10 + i},3 @@\n ${L.def(t.fn)}\n-${L.call(t.fn).replace('value', 'value, None')}\n+${L.call(t.fn)}\n+    // ${t.change}`;
    const pseudoRefs = [
      ...t.claims.map((text, k) => ({ no: k + 1, type: 'claim', text, necessary: 1 })),
      { no: t.claims.length + 1, type: 'issue', text: `line ${11 + i}, col 5, ${t.issue}`, necessary: 0 },
    ];
    const noise = () => (rand() - 0.5) * 1.2;
    const reviews = [
      { system: 'careful_pred', review: t.careful, con: likert(4.4 + noise()), comp: likert(4 + noise()), rel: likert(4.2 + noise()) },
      { system: 'partial_pred', review: t.partial, con: likert(3.8 + noise()), comp: likert(2.4 + noise()), rel: likert(2.8 + noise()) },
      { system: 'vague_pred', review: pick(VAGUE), con: likert(2 + noise()), comp: likert(1.2 + noise()), rel: likert(1.3 + noise()) },
      { system: 'offtopic_pred', review: `${pick(OFF_TOPIC)} ${rand() < 0.5 ? t.partial : ''}`.trim(), con: likert(1.8 + noise()), comp: likert(1.8 + noise()), rel: likert(1.7 + noise()) },
      { system: 'msg', review: t.partial, con: null, comp: null, rel: null },
    ].map((r) => ({ ...r, claims_addressed: null }));
    rows.push({ id: `${L.lang}-${i}`, lang: L.lang, index: i, diff, old_file: `sample${i}_old.${L.ext}`, new_file: `sample${i}_new.${L.ext}`, pseudo_refs: pseudoRefs, reviews });
  }
  return rows;
}

/** The sample as a dev.jsonl file. */
export function sampleJsonl(changes = 36, seed = 7): string {
  return `${sampleRows(changes, seed)
    .map((r) => JSON.stringify(r))
    .join('\n')}\n`;
}

export const SAMPLE_FILE_NAME = 'crscore-sample.jsonl';
