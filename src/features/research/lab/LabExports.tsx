// The lab's tables as CSV, Markdown and LaTeX, from the core's formatters: every file records the statistics'
// settings, each metric's configuration (similarity, τ, provider, model, temperature) and the LLM prompts whole.
// Never a key: the LLM configuration is built without one, and stripSecrets drops any key-like field regardless.
import {
  formatLabAgreement,
  formatLabRanking,
  formatLabSystems,
  type LabAgreement,
} from '../../../core/lab/index';
import type { TableFormat } from '../../../core/researchTables';
import { APP_VERSION, useResearch } from '../../../store/research';
import { stripSecrets } from '../../../store/sessionFile';
import { download } from '../../../ui/download';

const FORMATS: [TableFormat, string, string, string][] = [
  ['csv', 'CSV', 'csv', 'text/csv'],
  ['markdown', 'Markdown', 'md', 'text/markdown'],
  ['latex', 'LaTeX', 'tex', 'application/x-tex'],
];

export type LabTable = 'agreement' | 'systems' | 'ranking';

export function labExport(
  r: LabAgreement,
  which: LabTable,
  format: TableFormat,
  metricId?: string,
): string {
  const st = useResearch.getState();
  const extra = stripSecrets({
    app: 'CRScore Studio',
    appVersion: APP_VERSION,
    dataset: st.datasetName,
    exportedAt: new Date().toISOString(),
  }) as Record<string, unknown>;
  if (which === 'agreement') return formatLabAgreement(r, format, extra);
  if (which === 'ranking') return formatLabRanking(r, format, extra);
  return formatLabSystems(r, metricId ?? r.metrics[0].id, format, extra);
}

export function LabExports({
  agreement,
  which,
  metricId,
}: {
  agreement: LabAgreement;
  which: LabTable;
  metricId?: string;
}) {
  const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return (
    <span className="r-table-exports">
      <span className="muted small">Export</span>
      {FORMATS.map(([f, label, ext, type]) => (
        <button
          key={f}
          type="button"
          className="small"
          onClick={() =>
            download(
              `crscore-lab-${which}-${stamp()}.${ext}`,
              labExport(agreement, which, f, metricId),
              type,
            )
          }
          data-testid={`lab-export-${which}-${f}`}
        >
          {label}
        </button>
      ))}
    </span>
  );
}
