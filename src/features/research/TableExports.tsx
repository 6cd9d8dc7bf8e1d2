// The CSV / Markdown / LaTeX buttons under a research table (uncertainty, link agreement, the lab): one row of
// buttons, one file name scheme (crscore-<name>-<timestamp>.<ext>), the table text from the caller.
import type { TableFormat } from '../../core/researchTables';
import { download, fileStamp } from '../../ui/download';

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
  file: (format: TableFormat) => string;
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
          onClick={() => download(`crscore-${name}-${fileStamp()}.${ext}`, file(f), type)}
          data-testid={testId(f)}
          disabled={disabled}
        >
          {label}
        </button>
      ))}
    </span>
  );
}
