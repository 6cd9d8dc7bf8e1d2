// The mapping step of a human-scored table: its first rows (as text), which column is what (id, code, review,
// system, reference, language) and which columns are human dimensions with their scales. The mapping is saved by
// header when the table is read, and can be exported as `crscore eval --mapping FILE.json`.
import { useMemo } from 'react';
import { cellText, dimensionsOf, MAP_FIELDS, type Cell, scaleLabel, type HumanColumn, type MapField, type Mapping, type ScaleKind } from '../../core/humanData/index';
import { mappingJson, SAVED_MAPPINGS_KEY, useHumanImport } from '../../store/research/humanImport';
import { useStorageRefusals } from '../../settings/storageWrites';
import { ImportErrorTable } from './ImportErrorTable';

const FIELD_LABEL: Record<MapField, string> = {
  id: 'Change id',
  diff: 'Diff',
  old_code: 'Old code',
  new_code: 'New code',
  code: 'Code snippet',
  review: 'Review (required)',
  system: 'System',
  reference: 'Reference review',
  lang: 'Language',
};
const SCALES: ScaleKind[] = ['likert', 'binary', 'continuous'];
const PREVIEW_ROWS = 5;
const clip = (v: Cell | undefined) => {
  const s = cellText(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function HumanMapping() {
  const step = useHumanImport((s) => s.step);
  // Why the browser refused the last save of a mapping (storage full), if it did: the step must not promise one.
  const unsaved = useStorageRefusals((r) => r[SAVED_MAPPINGS_KEY]);
  const store = useHumanImport.getState();
  // Each dimension's scale as the table will be read (a guess from its values, or the kind and top point given).
  const scales = useMemo(() => (step ? dimensionsOf(step.table, step.mapping) : null), [step]);
  if (!step) return null;
  const { table, mapping } = step;
  const used = new Set(Object.values(mapping.fields));
  const fieldOf = (col: string) => MAP_FIELDS.find((f) => mapping.fields[f] === col);
  const setField = (f: MapField, col: string) => {
    const fields = { ...mapping.fields };
    // A column is one field: picked for another, it moves there (the field it leaves is left empty).
    for (const g of MAP_FIELDS) if (col && g !== f && fields[g] === col) delete fields[g];
    if (col) fields[f] = col;
    else delete fields[f];
    // A column is one thing: mapped to a field, it is no human score.
    store.setMapping({ fields, human: mapping.human.filter((h) => h.column !== col) });
  };
  const humanOf = (col: string) => mapping.human.find((h) => h.column === col);
  const setHuman = (col: string, h: HumanColumn | null) => {
    const rest = mapping.human.filter((x) => x.column !== col);
    const at = mapping.human.findIndex((x) => x.column === col);
    const human = h ? (at < 0 ? [...rest, h] : mapping.human.map((x) => (x.column === col ? h : x))) : rest;
    store.setMapping({ fields: mapping.fields, human } satisfies Mapping);
  };
  // A dimension has one scale: its top point is set on every column (annotator) of it.
  const setTop = (dimension: string, max: number) =>
    store.setMapping({ fields: mapping.fields, human: mapping.human.map((x) => (x.dimension === dimension ? { ...x, scale: 'likert', max } : x)) } satisfies Mapping);
  return (
    <div className="r-map" data-testid="human-mapping" role="group" aria-labelledby="r-map-h">
      <h3 id="r-map-h">Map the columns of {step.name}</h3>
      <p className="muted small" data-testid="human-mapping-from">
        {step.from === 'saved' ? 'The mapping saved for this header (from an earlier import). ' : 'A guess from the column names and values: check it. '}
        {table.rows.length} rows.{' '}
        {unsaved ? null : 'The mapping is saved in this browser by the file\'s header, so the same file maps itself next time.'}
      </p>
      {unsaved && (
        <p className="r-warn small" role="alert" data-testid="human-mapping-unsaved">
          The last mapping could not be saved in this browser: {unsaved}. This one may not be either: export it to keep it (
          <code>crscore eval --mapping</code> reads the same file).
        </p>
      )}
      {step.layoutNote && (
        <p className="r-warn small" data-testid="human-mapping-layout-note">
          Read as a table to map: {step.layoutNote}.
        </p>
      )}
      <div className="r-table-wrap r-map-preview">
        <table className="r-table" data-testid="human-mapping-preview">
          <caption className="small muted">The first {Math.min(PREVIEW_ROWS, table.rows.length)} rows, as text</caption>
          <thead>
            <tr>
              <th>line</th>
              {table.header.map((h, k) => (
                <th key={k}>{h}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.slice(0, PREVIEW_ROWS).map((r) => (
              <tr key={r.line}>
                <td className="num">{r.line}</td>
                {table.header.map((_, k) => (
                  <td key={k}>{clip(r.cells[k])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="r-map-grid">
        <fieldset>
          <legend>Which column is what</legend>
          {MAP_FIELDS.map((f) => (
            <label key={f} className="small r-map-field">
              <span>{FIELD_LABEL[f]}</span>
              <select value={mapping.fields[f] ?? ''} onChange={(e) => setField(f, e.target.value)} data-testid={`map-field-${f}`}>
                <option value="">—</option>
                {table.header.map((h) => {
                  const at = fieldOf(h);
                  return (
                    <option key={h} value={h}>
                      {at && at !== f ? `${h} (now ${FIELD_LABEL[at].replace(' (required)', '')}: moves here)` : humanOf(h) ? `${h} (now a human score: moves here)` : h}
                    </option>
                  );
                })}
              </select>
            </label>
          ))}
          <p className="muted small">A diff, or old and new code, or a snippet; without an id, rows with the same code are one change.</p>
        </fieldset>
        <fieldset>
          <legend>Human scores</legend>
          {table.header.filter((h) => h !== '' && !used.has(h)).map((col) => {
            const h = humanOf(col);
            const read = h ? scales?.get(h.dimension)?.scale : undefined;
            return (
              <div key={col} className="small r-map-human" data-testid={`map-human-${col}`}>
                <label>
                  <input type="checkbox" checked={!!h} onChange={(e) => setHuman(col, e.target.checked ? { column: col, dimension: col } : null)} data-testid={`map-human-on-${col}`} /> {col}
                </label>
                {h && (
                  <>
                    <label>
                      dimension <input value={h.dimension} size={10} onChange={(e) => setHuman(col, { ...h, dimension: e.target.value || col })} data-testid={`map-human-dim-${col}`} />
                    </label>
                    <select value={h.scale ?? ''} onChange={(e) => setHuman(col, { column: col, dimension: h.dimension, ...(e.target.value ? { scale: e.target.value as ScaleKind } : {}) })} aria-label={`Scale of ${col}`} data-testid={`map-human-scale-${col}`}>
                      <option value="">guess</option>
                      {SCALES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </select>
                    {h.scale === undefined && read && (
                      <span className="muted" data-testid={`map-human-reads-${col}`}>
                        {read.kind === 'likert' ? 'Likert' : scaleLabel(read)}
                      </span>
                    )}
                    {read?.kind === 'likert' && (
                      <label title="The scale's top point: set it when the data never reach it (a 1–5 scale whose scores stop at 4)">
                        1–<input type="number" min={2} max={100} value={read.max ?? 5} onChange={(e) => setTop(h.dimension, Math.max(2, Math.round(Number(e.target.value) || 5)))} aria-label={`Top of ${col}'s scale`} data-testid={`map-human-max-${col}`} />
                      </label>
                    )}
                  </>
                )}
              </div>
            );
          })}
          <p className="muted small">Columns sharing a dimension name are its annotators; a scale left to guess is binary for 0/1, Likert for whole numbers 1–10 up to the highest value seen; set a Likert scale's top point when the scores never reach it.</p>
        </fieldset>
      </div>
      {step.issues.length > 0 && (
        <div role="alert" data-testid="human-mapping-issues">
          <p className="r-error">This mapping reads no usable dataset; the dataset on screen stays.</p>
          <ImportErrorTable errors={step.issues} limit={20} reasonLabel="Why" testid="human-mapping-issue-table" />
        </div>
      )}
      <div className="r-controls">
        <button type="button" className="primary" onClick={() => store.confirm()} data-testid="human-mapping-apply">
          Read the table with this mapping
        </button>
        <button type="button" onClick={() => store.cancel()} data-testid="human-mapping-cancel">
          Cancel
        </button>
        <button type="button" className="small" onClick={() => download(`${step.name.replace(/\.[^.]+$/, '')}.mapping.json`, mappingJson(mapping))} data-testid="human-mapping-export">
          Export the mapping (JSON for crscore eval --mapping)
        </button>
      </div>
    </div>
  );
}
