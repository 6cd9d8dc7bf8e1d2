// Each review's key in a scores file and the lab's task ids: its change's id and its system. A change with
// several reviews of one system (a table without a system column: all are `human`) numbers the later ones
// `human#2`, `human#3`, so every row of a file names one review and the file reads back whole. A number is never
// one a real name already holds (a system called `A#2` in the same change keeps its name; the second `A` becomes
// `A#3`), so two reviews never share a key.
export interface ReviewKey {
  changeId: string;
  system: string;
}

/** Each name, a repeat of an earlier one suffixed `#n` with the first n whose name no entry holds or was given. */
export function numberRepeats(names: readonly string[]): string[] {
  const real = new Set(names);
  const given = new Set<string>();
  const last = new Map<string, number>();
  return names.map((name) => {
    if (!given.has(name)) {
      given.add(name);
      return name;
    }
    let n = last.get(name) ?? 1;
    let out: string;
    do out = `${name}#${++n}`;
    while (real.has(out) || given.has(out));
    last.set(name, n);
    given.add(out);
    return out;
  });
}

/** The reviews' keys: within each change, its systems through numberRepeats. */
export function reviewKeys(reviews: readonly ReviewKey[]): ReviewKey[] {
  const byChange = new Map<string, number[]>();
  reviews.forEach((r, k) => {
    const at = byChange.get(r.changeId);
    if (at) at.push(k);
    else byChange.set(r.changeId, [k]);
  });
  const out: ReviewKey[] = new Array(reviews.length);
  for (const [changeId, at] of byChange) {
    const systems = numberRepeats(at.map((k) => reviews[k].system));
    at.forEach((k, j) => (out[k] = { changeId, system: systems[j] }));
  }
  return out;
}
