// A pulled request as whole reviews: each reviewer's review comments are a system (bots included), and the person
// says which reviewers are the reference. The rows are the importer's (`crscore github` writes the same), read by
// the pull-request store's one reader: Research › Pull requests judges them, the Workbench opens the PR view.
import { useState } from 'react';
import { toJsonl } from '../../github';
import { usePrReview } from '../../store/prreview/prReview';
import { navigate } from '../../ui/useHash';
import { useGithubImport } from './importStore';

export function WholeReview() {
  const pull = useGithubImport((s) => s.pull)!;
  const items = useGithubImport((s) => s.items);
  // Replies answer a comment; as in `crscore pr-eval`, a reviewer's review is the comments that start a thread.
  const authors = [...new Set(items.filter((i) => !i.inReplyTo).map((i) => i.author))].sort();
  const [refs, setRefs] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const go = async (where: 'research' | 'workbench') => {
    setBusy(true);
    const name = `${pull.owner}-${pull.repo}-pr${pull.number}.jsonl`;
    const st = usePrReview.getState();
    await st.load([{ path: name, text: toJsonl(items) }], `${pull.owner}/${pull.repo}#${pull.number}`, { referenceSystems: refs });
    setBusy(false);
    const ds = usePrReview.getState().dataset;
    if (where === 'workbench' && ds?.prs.length && ds.systems.length) usePrReview.getState().openPr(ds.prs[0].id, ds.systems[0]);
    navigate(where === 'research' ? '#research/pull-requests' : '#workbench/pull-request');
    scrollTo(0, 0);
  };
  return (
    <section className="gh-panel" data-testid="gh-whole">
      <h2>Judge the whole reviews</h2>
      <p className="muted small">
        Each reviewer's comments are one review of this pull request (bots included). Tick the reviewers whose comments are the reference: the others are judged
        against them, as CodeFuse-CR-Bench, AACR-Bench and Martian's benchmark judge a tool, or by CRScore of the whole review.
      </p>
      <fieldset className="gh-refs" data-testid="gh-refs">
        <legend>Reference reviewers</legend>
        {authors.map((a) => (
          <label key={a} className="gh-check">
            <input type="checkbox" checked={refs.includes(a)} onChange={(e) => setRefs(e.target.checked ? [...refs, a] : refs.filter((x) => x !== a))} data-testid="gh-ref" data-author={a} />
            {a}
          </label>
        ))}
      </fieldset>
      <div className="gh-toolbar">
        <button type="button" className="primary" disabled={busy || !refs.length || refs.length === authors.length} onClick={() => void go('research')} data-testid="gh-whole-research">
          Judge in Research › Pull requests
        </button>
        <button type="button" disabled={busy || !refs.length || refs.length === authors.length} onClick={() => void go('workbench')} data-testid="gh-whole-workbench">
          Open the pull request view in the Workbench
        </button>
        {!refs.length && <span className="muted small">Tick at least one reviewer as the reference (and leave one to judge).</span>}
      </div>
    </section>
  );
}
