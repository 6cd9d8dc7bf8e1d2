// The CSV / Markdown / LaTeX buttons under a research table (uncertainty, link agreement, the lab): one row of
// buttons, one file name scheme (crscore-<name>-<timestamp>.<ext>), the table text from the caller.
import type { TableFormat } from '../../core/researchTables';
import { download, fileStamp } from '../../ui/download';
import { SPREADSHEET_SAFE } from './exports';

const FORMATS: [TableFormat, string, string, string][] = [
  ['csv', 'CSV', 'csv', 'text/csv'],
  ['markdown', 'Markdown', 'md', 'text/markdown'],
  ['latex', 'LaTeX', 'tex', 'application/x-tex'],
];

export function TableExports({
  name,
  file,
  testId,
  disabled,
}: {
  /** The file name's middle part, e.g. "links" gives crscore-links-<timestamp>.csv. */
  name: string;
  /** The table's text (a promise where it is recomputed first, in a worker). */
  file: (format: TableFormat) => string | Promise<string>;
  testId: (format: TableFormat) => string;
  disabled?: boolean;
}) {
  return (
    <span className="r-table-exports">
      <span className="muted small">Export</span>
      {FORMATS.map(([f, label, ext, type]) => (
        <button
          key={f}
          type="button"
          className="small"
          onClick={() => void Promise.resolve(file(f)).then((text) => download(`crscore-${name}-${fileStamp()}.${ext}`, text, type))}
          title={f === 'csv' ? SPREADSHEET_SAFE : undefined}
          data-testid={testId(f)}
          disabled={disabled}
        >
          {label}
        </button>
      ))}
    </span>
  );
}
