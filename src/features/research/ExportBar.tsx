// Export buttons: per-review scores (CSV, JSON), the correlation table (CSV), and every chart as SVG or PNG.
import { useState, type RefObject } from 'react';
import { useResearch } from '../../store/research/research';
import { datasetIdentity } from '../../store/metaeval/datasetIdentity';
import { correlationCsv, exportConfig, scoresCsv, scoresJson, SPREADSHEET_SAFE, svgToPng } from './exports';
import { plainScores, provenanceName } from '../../core/metaeval/plainScores';
import { download, fileStamp } from '../../ui/download';
import { figureGraphic, standaloneFigure } from './figureExport';
import { useUncertainty } from '../../store/research/uncertainty';
import { addPngText } from './pngText';

export function ExportBar({ figures }: { figures: RefObject<HTMLDivElement | null> }) {
  const [error, setError] = useState<string | null>(null);
  // Exports carry the correlations at the τ on screen, even if the slider has just moved, and every
  // reference-based metric (computed in the workers now if no view asked for them yet).
  const st = async () => {
    await Promise.all([useResearch.getState().flushCorrelations(), useResearch.getState().ensureRefMetrics()]);
    return useResearch.getState();
  };
  const plots = async (format: 'svg' | 'png') => {
    setError(null);
    // Every chart of the view (the tables have their own CSV, Markdown and LaTeX exports).
    const figs = Array.from(figures.current?.querySelectorAll<HTMLElement>('figure[data-chart]') ?? []).filter((f) => figureGraphic(f));
    const b = useUncertainty.getState().report;
    const config = { ...exportConfig(await st()), ...(b ? { bootstrap: { resamples: b.resamples, seed: b.seed, level: b.level, changes: b.changes } } : {}) };
    try {
      for (const f of figs) {
        const name = f.dataset.chart!;
        const fig = standaloneFigure(f, config);
        if (!fig) continue;
        if (format === 'svg') download(`crscore-${name}-${fileStamp()}.svg`, fig.svg, 'image/svg+xml');
        else {
          const png = await svgToPng(fig.svg, fig.width, fig.height);
          const withText = addPngText(new Uint8Array(await png.arrayBuffer()), 'crscore-config', JSON.stringify(config));
          download(`crscore-${name}-${fileStamp()}.png`, new Blob([withText as BlobPart], { type: 'image/png' }));
        }
      }
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <section className="panel r-export" aria-label="Export">
      <strong>Export</strong>
      <button type="button" onClick={() => void st().then(async (x) => download(`crscore-scores-${fileStamp()}.csv`, scoresCsv(x, await datasetIdentity()), 'text/csv'))} title={SPREADSHEET_SAFE} data-testid="export-csv">
        Scores CSV
      </button>
      <button
        type="button"
        onClick={() =>
          void st().then(async (x) => {
            // The same file without its # lines (a spreadsheet opens on the header row), its provenance beside it.
            const name = `crscore-scores-${fileStamp()}.plain.csv`;
            const { csv, provenance } = plainScores(scoresCsv(x, await datasetIdentity()));
            download(name, csv, 'text/csv');
            download(provenanceName(name), provenance, 'application/json');
          })
        }
        title={`${SPREADSHEET_SAFE}. The table alone, with its provenance in a .json beside it`}
        data-testid="export-csv-plain"
      >
        Scores CSV, plain + .json
      </button>
      <button type="button" onClick={() => void st().then((x) => download(`crscore-scores-${fileStamp()}.json`, scoresJson(x), 'application/json'))} data-testid="export-json">
        Scores JSON
      </button>
      <button type="button" onClick={() => void st().then((x) => download(`crscore-correlations-${fileStamp()}.csv`, correlationCsv(x), 'text/csv'))} title={SPREADSHEET_SAFE} data-testid="export-correlations">
        Correlation table CSV
      </button>
      <button type="button" onClick={() => void plots('svg')} data-testid="export-svg">
        Plots SVG
      </button>
      <button type="button" onClick={() => void plots('png')} data-testid="export-png">
        Plots PNG
      </button>
      <span className="muted small">
        Every file records the configuration (model, dtype, backend, pooling, splitting, τ, analyzers, app version). The CSVs are
        spreadsheet-safe: a text cell that starts with =, +, - or @ gets a leading <code>&apos;</code>.
      </span>
      {error && <p className="r-error">{error}</p>}
    </section>
  );
}
