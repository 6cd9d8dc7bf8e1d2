// Research's learned linker: which weights the learned preset uses (shipped, trained here, or a file), their
// cross-validated figures, and "Train a linker on this dataset" (off the main thread, with progress), whose report
// and weights can be downloaded and put to use.
import { renderCvMarkdown, fmtCv, type LinkerWeights } from '../../core/learned/index';
import { mdCell } from '../../core/researchTables';
import { useLinker } from '../../store/shared/linker';
import { useResearch } from '../../store/research/research';
import { setAside } from '../../store/shared/quarantine';
import { download } from '../../ui/download';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { CvTable } from './CvTable';
import { useTraining } from './useTraining';
import './linker.css';

export function WeightsSummary({ weights, name }: { weights: LinkerWeights; name: string }) {
  const t = weights.training;
  const cv = weights.crossValidation;
  return (
    <p className="small" data-testid="linker-summary">
      Linker in use: <strong>{name}</strong>. Trained on {t.dataset}: {t.reviews} reviews of {t.changes} changes, {t.pairs} (review, pseudo-reference) pairs of which{' '}
      {t.linked} linked by the annotators. <span data-testid="linker-count-why">(Only reviews with recorded links and some text train it: an empty review links nothing by rule, so the link tables, which count empty reviews too, show more reviews with recorded links.)</span> Default rule: {weights.scoring === 'graded' ? 'link probabilities as credit' : `links above probability ${weights.threshold}`}.
      {cv && (
        <>
          {' '}
          Cross-validated ({cv.folds} folds of changes; each figure the mean ± sd of the folds&apos; own): Rel ρ <span data-testid="linker-cv-rel">{fmtCv(cv.relSpearman)}</span>, system ranking ρ {fmtCv(cv.systemSpearman)}, link F1{' '}
          {fmtCv(cv.linkF1)}, AUC {fmtCv(cv.auc)}.{' '}
          <span className="muted" data-testid="linker-cv-statistic">
            The README&apos;s cross-validated Rel is another statistic: one Spearman pooled over every review&apos;s out-of-fold score (crscore eval --preset learned --cv {cv.folds}), 0.620 on the human study&apos;s dev half for the shipped weights.
          </span>
        </>
      )}
    </p>
  );
}

/** The panel inside its own boundary: Reset sets the weights in use aside (downloadable) and goes back to the shipped ones. */
export function LinkerPanel() {
  return (
    <ErrorBoundary name="panel-linker" label="the learned linker panel" onReset={resetLinker} resetHint="Reset sets the linker weights in use aside (you can download them) and uses the shipped weights.">
      <LinkerPanelBody />
    </ErrorBoundary>
  );
}

function resetLinker(): string | null {
  const { source, weights, name, reset } = useLinker.getState();
  if (source === 'shipped') return null;
  const item = setAside(`the linker weights “${name}”`, 'set aside by Reset after the linker panel stopped drawing', JSON.stringify(weights, null, 2), 'crscore-linker-weights-set-aside.json');
  reset();
  return `The linker weights “${name}” were set aside (${item.kept ? 'download them from the notice at the top of the page' : 'download them from the notice at the top; they last until this tab closes'}); the shipped weights are in use.`;
}

function LinkerPanelBody() {
  const imported = useResearch((s) => s.imported);
  const split = useResearch((s) => s.config.split);
  const datasetName = useResearch((s) => s.datasetName);
  const { weights, name, source, error, saveError, use, loadFile, reset } = useLinker();
  const { state, start, cancel } = useTraining();
  const rows = imported?.rows ?? [];
  const trainedName = `trained on ${datasetName || 'this dataset'}`;
  return (
    <section className="panel r-linker" aria-labelledby="r-linker-h" data-testid="linker-panel">
      <h2 id="r-linker-h">Learned linker</h2>
      <p className="muted small">
        The <em>learned</em> preset predicts which pseudo-references a review addresses from signals every dataset has (TF-IDF and word overlap, rank among the review&apos;s
        candidates, shared code identifiers, words of the changed lines, lengths, code quotes, the pseudo-reference&apos;s type), with a small logistic regression trained on
        annotators&apos; links (claims addressed). Con, Comp and Rel are read off its links.
      </p>
      <WeightsSummary weights={weights} name={name} />
      <div className="r-controls">
        <button
          type="button"
          disabled={rows.length === 0 || state.phase === 'training'}
          onClick={() => start(rows, { split, dataset: datasetName || 'dataset' })}
          data-testid="linker-train"
        >
          Train a linker on this dataset
        </button>
        {state.phase === 'training' && (
          <button type="button" onClick={cancel} data-testid="linker-cancel">
            Cancel
          </button>
        )}
        <label className="small">
          Use a weights file{' '}
          <input
            type="file"
            accept=".json,application/json"
            data-testid="linker-file"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              if (f) loadFile(await f.text(), f.name);
              e.target.value = '';
            }}
          />
        </label>
        {source !== 'shipped' && (
          <button type="button" className="small" onClick={reset} data-testid="linker-reset">
            Use the shipped weights
          </button>
        )}
      </div>
      {error && (
        <p className="r-error" role="alert" data-testid="linker-error">
          {error}
        </p>
      )}
      {saveError && (
        <p className="r-error" role="alert" data-testid="linker-save-error">
          {saveError}
        </p>
      )}
      {state.phase === 'training' && (
        <div className="r-progress" data-testid="linker-progress">
          <div className="bar" role="progressbar" aria-valuemin={0} aria-valuemax={1} aria-valuenow={state.total ? state.done / state.total : 0} aria-label="Linker training progress">
            <span style={{ width: `${state.total ? Math.round((100 * state.done) / state.total) : 0}%` }} />
          </div>
          <span className="small">
            Cross-validating{state.total ? `: ${state.done} / ${state.total} folds (ablations included)` : '…'}
          </span>
        </div>
      )}
      {state.phase === 'error' && (
        <p className="r-error" role="alert" data-testid="linker-train-error" data-no-links={state.noLinks}>
          {state.noLinks ? `Cannot train a linker: ${state.message}` : `Training failed: ${state.message}`}
        </p>
      )}
      {state.phase === 'done' && (
        <div data-testid="linker-trained" data-rel={state.trained.weights.crossValidation?.relSpearman.mean ?? ''}>
          <p className="small">
            Trained in {(state.ms / 1000).toFixed(1)} s on {state.trained.weights.training.reviews} reviews of {state.trained.weights.training.changes} changes.
          </p>
          <CvTable report={state.trained.report} />
          <div className="r-controls">
            <button type="button" className="primary" onClick={() => use(state.trained.weights, trainedName, 'trained')} data-testid="linker-use">
              Use these weights
            </button>
            <button
              type="button"
              onClick={() => download('linker-weights.json', `${JSON.stringify(state.trained.weights, null, 2)}\n`, 'application/json')}
              data-testid="linker-download"
            >
              Download weights JSON
            </button>
            <button
              type="button"
              onClick={() =>
                download(
                  'linker-cv.md',
                  `Linker cross-validation on ${mdCell(datasetName || 'dataset')} (split ${split}, ${state.trained.report.folds} folds of changes, seed ${state.trained.report.seed})\n\n${renderCvMarkdown(state.trained.report)}`,
                  'text/markdown',
                )
              }
              data-testid="linker-download-report"
            >
              Download report (Markdown)
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
