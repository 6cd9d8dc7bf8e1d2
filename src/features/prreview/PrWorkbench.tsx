// The Workbench's pull request view: the same PrView on the same store as Research › Pull requests, with a picker
// of the loaded pull requests and systems, the same Pseudo-references choice, and two ways in when none is loaded (a pasted GitHub pull request goes
// through the GitHub importer and its token rules; a benchmark's files through Research › Pull requests).
import { useState } from 'react';
import { usePrReview } from '../../store/prreview/prReview';
import { useGithubImport } from '../github/importStore';
import { navigate } from '../../ui/useHash';
import { shortPr } from './Leaderboard';
import { PrView } from './PrView';
import { PseudoRefsChoice } from './PseudoRefsChoice';
import './prreview.css';

export default function PrWorkbench() {
  const ds = usePrReview((s) => s.dataset);
  const open = usePrReview((s) => s.open);
  const openPr = usePrReview((s) => s.openPr);
  const [url, setUrl] = useState('');
  const paste = () => {
    const gh = useGithubImport.getState();
    gh.setInput(url);
    navigate('#github');
    void gh.load();
  };
  const system = open?.system ?? ds?.systems[0] ?? '';
  return (
    <div className="pr-review pr-workbench" data-testid="pr-workbench">
      <section className="panel">
        <h2>A pull request's whole review</h2>
        <form
          className="pr-import"
          onSubmit={(e) => {
            e.preventDefault();
            paste();
          }}
        >
          <input value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://github.com/OWNER/REPO/pull/123  or  OWNER/REPO#123" spellCheck={false} autoComplete="off" className="pr-url" data-testid="prw-url" />
          <button type="submit" disabled={!url.trim()} data-testid="prw-load">
            Load from GitHub…
          </button>
          <button type="button" onClick={() => navigate('#research/pull-requests')} data-testid="prw-research">
            Or a benchmark, in Research › Pull requests
          </button>
        </form>
        <p className="muted">
          A GitHub pull request opens in the importer (its token and API base): tick the reference reviewers there, then <em>Open the pull request view in the
          Workbench</em>. Every reviewer's comments are a review, bots included.
        </p>
        {ds && ds.prs.length > 0 && (
          <div className="pr-settings" data-testid="prw-pick">
            <label>
              Pull request{' '}
              <select value={open?.pr ?? ''} onChange={(e) => e.target.value && openPr(e.target.value, system)} data-testid="prw-pr">
                {!open && <option value="">choose…</option>}
                {ds.prs.map((p) => (
                  <option key={p.id} value={p.id}>
                    {shortPr(p.id)}
                    {p.title ? ` · ${p.title}` : ''}
                  </option>
                ))}
              </select>
            </label>
            <label>
              System{' '}
              <select value={system} onChange={(e) => openPr(open?.pr ?? ds.prs[0].id, e.target.value)} data-testid="prw-system">
                {ds.systems.map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </select>
            </label>
            {/* The same choice as Research's (one store): a pull request without a reference reviewer ticked is judged
                against the pseudo-references of its diff. */}
            <PseudoRefsChoice />
          </div>
        )}
      </section>
      {open && ds && <PrView key={`${open.pr}|${open.system}`} anyEvaluator backLabel="← Research › Pull requests" onBack={() => navigate('#research/pull-requests')} />}
    </div>
  );
}
