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
import { APP_VERSION, useResearch } from '../../../store/research/research';
import { stripSecrets } from '../../../store/session/sessionFile';
import { TableExports } from '../TableExports';

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
  return (
    <TableExports
      name={`lab-${which}`}
      file={(f) => labExport(agreement, which, f, metricId)}
      testId={(f) => `lab-export-${which}-${f}`}
    />
  );
}
