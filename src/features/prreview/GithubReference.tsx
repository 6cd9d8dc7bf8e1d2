// A GitHub pull request in Research › Pull requests: who is the reference. Every reviewer (bots included) is a
// system unless ticked here; changing the ticks re-reads the same comments, nothing is fetched again.
import { usePrReview } from '../../store/prreview/prReview';

export function GithubReference() {
  const ds = usePrReview((s) => s.dataset)!;
  const chosen = usePrReview((s) => s.read.referenceSystems ?? []);
  const setRefs = usePrReview((s) => s.setReferenceSystems);
  const running = usePrReview((s) => s.running);
  const authors = [...new Set([...ds.systems, ...ds.prs.flatMap((p) => p.references.map((r) => r.source ?? ''))].filter(Boolean))].sort();
  const toggle = (a: string, on: boolean) => {
    const next = on ? [...chosen, a] : chosen.filter((x) => x !== a);
    if (next.length && next.length < authors.length) void setRefs(next);
  };
  return (
    <fieldset className="pr-github-refs" data-testid="pr-github-refs" disabled={running}>
      <legend>Reference reviewers (the others are the systems judged)</legend>
      {authors.map((a) => (
        <label key={a}>
          <input type="checkbox" checked={chosen.includes(a)} onChange={(e) => toggle(a, e.target.checked)} data-author={a} /> {a}
        </label>
      ))}
    </fieldset>
  );
}
