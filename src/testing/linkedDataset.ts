// A generated dataset in the human study's JSONL shape whose links follow a known rule: a review addresses a
// pseudo-reference exactly when it names the pseudo-reference's function, and its human scores follow its links.
// Used by the CLI test, the e2e specs and the learned bench; nothing here comes from the study's data.
const WORDS = 'alpha beta gamma delta omega sigma kappa lambda theta zeta'.split(' ');
const SYSTEMS = ['sys_a', 'sys_b', 'sys_c', 'sys_d', 'sys_e', 'sys_f'];

export interface LinkedDatasetOptions {
  changes: number;
  seed?: number;
  /** Leave claims_addressed out (a dataset without links). */
  withoutLinks?: boolean;
}

export function linkedDatasetRows(o: LinkedDatasetOptions): Record<string, unknown>[] {
  let s = o.seed ?? 5;
  const rand = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
  const pick = () => WORDS[Math.floor(rand() * WORDS.length)];
  const rows: Record<string, unknown>[] = [];
  for (let c = 0; c < o.changes; c++) {
    const names = [0, 1, 2].map((i) => `handle_${pick()}_${c}_${i}`);
    const diff = `--- a/m${c}.py\n+++ b/m${c}.py\n@@ -1,3 +1,6 @@\n${names.map((n) => `+def ${n}(x):\n+    return x`).join('\n')}\n`;
    const reviews = SYSTEMS.map((system) => {
      const linked = [0, 1, 2].filter(() => rand() < 0.45);
      const review = [`Please ${pick()} the ${pick()} ${pick()} here.`, ...linked.map((i) => `Is ${names[i]} right to ${pick()} this?`)].join(' ');
      const likert = 1 + Math.round((4 * linked.length) / 3);
      return {
        system,
        review,
        claims_addressed: o.withoutLinks ? null : linked.length ? linked.map((i) => i + 1).join(',') : '-',
        con: linked.length ? 4 : 1,
        comp: likert,
        rel: likert,
      };
    });
    rows.push({
      id: `py-${c}`,
      lang: 'py',
      diff,
      pseudo_refs: names.map((n, i) => ({ no: i + 1, type: 'claim', text: `The function ${n} now ${pick()}s the ${pick()} ${pick()}.`, necessary: 1 })),
      reviews,
    });
  }
  return rows;
}

export function linkedDatasetJsonl(o: LinkedDatasetOptions): string {
  return linkedDatasetRows(o).map((r) => JSON.stringify(r)).join('\n') + '\n';
}
