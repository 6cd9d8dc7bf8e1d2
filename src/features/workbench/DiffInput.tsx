// The code change: a pasted unified diff, or old and new files side by side. Monaco renders it once loaded;
// the textarea(s) work from the first paint and stay the plain way to paste.
import { lazy, Suspense, useMemo, memo } from 'react';
import { detectLanguage, parseUnifiedDiff, type Language } from '../../core/diff';
import type { SessionInput } from '../../store/session/session';
import { useWorkbench } from '../../store/session/workbench';
import { diffToSides, modelLineForNewLine } from './diffView';
import { Segmented } from '../../ui/Segmented';

const MonacoDiff = lazy(() => import('./MonacoDiff'));
const MonacoFiles = lazy(() => import('./MonacoFiles'));
const MonacoSnippet = lazy(() => import('./MonacoSnippet'));

export const LANGUAGES: { id: Language; label: string }[] = [
  { id: 'python', label: 'Python' },
  { id: 'java', label: 'Java' },
  { id: 'javascript', label: 'JavaScript' },
  { id: 'unknown', label: 'Other' },
];

interface Props {
  input: SessionInput;
  onChange(fn: (i: SessionInput) => SessionInput): void;
}

/** The file name a diff talks about (new side first). */
export function diffFileName(diffText: string): string {
  try {
    const f = parseUnifiedDiff(diffText)[0];
    const name = f?.newName && f.newName !== '/dev/null' ? f.newName : f?.oldName;
    return name ?? '';
  } catch {
    return '';
  }
}

export const DiffInput = memo(function DiffInput({ input, onChange }: Props) {
  const reveal = useWorkbench((s) => s.reveal);
  const parsed = useMemo(() => {
    try {
      return { files: parseUnifiedDiff(input.diff), error: null as string | null };
    } catch (e) {
      return { files: [], error: (e as Error).message };
    }
  }, [input.diff]);
  const sides = useMemo(() => diffToSides(parsed.files), [parsed.files]);
  const isDiff = input.mode === 'diff';
  // A dataset change given as code, not a diff: shown as that code until a diff is pasted in its place.
  const snippet = isDiff && input.codeKind === 'snippet' && input.diff.trim() === '';
  const revealModel = reveal && isDiff ? { modelLine: modelLineForNewLine(sides, reveal.line), nonce: reveal.nonce } : reveal ? { modelLine: reveal.line, nonce: reveal.nonce } : null;

  const setDiff = (diff: string) =>
    onChange((i) => {
      const fileName = diffFileName(diff) || i.fileName;
      const detected = detectLanguage(fileName);
      return { ...i, diff, fileName, language: i.languageAuto && detected !== 'unknown' ? detected : i.language };
    });
  const setFileName = (fileName: string) =>
    onChange((i) => {
      const detected = detectLanguage(fileName);
      return { ...i, fileName, language: i.languageAuto && detected !== 'unknown' ? detected : i.language };
    });

  const hunks = parsed.files.reduce((k, f) => k + f.hunks.length, 0);
  const added = parsed.files.reduce((k, f) => k + f.hunks.reduce((a, h) => a + h.lines.filter((l) => l.type === 'add').length, 0), 0);
  const removed = parsed.files.reduce((k, f) => k + f.hunks.reduce((a, h) => a + h.lines.filter((l) => l.type === 'del').length, 0), 0);

  return (
    <div className="diff-input">
      <div className="toolbar">
        <Segmented
          label="How to give the code change"
          value={isDiff ? 'diff' : 'files'}
          onChange={(mode) => onChange((i) => ({ ...i, mode }))}
          options={[
            { value: 'diff', label: snippet ? 'Snippet' : 'Unified diff' },
            { value: 'files', label: 'Old & new files', testId: 'mode-files' },
          ]}
        />
        <label className="inline">
          File
          <input
            type="text"
            value={input.fileName}
            placeholder="e.g. src/app.py"
            data-testid="file-name"
            onChange={(e) => setFileName(e.currentTarget.value)}
          />
        </label>
        <label className="inline">
          Language
          <select
            data-testid="language-select"
            value={input.language}
            onChange={(e) => {
              const language = e.currentTarget.value;
              onChange((i) => ({ ...i, language, languageAuto: false }));
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l.id} value={l.id}>
                {l.label}
              </option>
            ))}
          </select>
        </label>
        <span className="muted small" data-testid="language-origin">
          {input.languageAuto ? (detectLanguage(input.fileName) !== 'unknown' ? 'detected from the file name' : 'not detected') : 'chosen by you'}
          {!input.languageAuto && ' · '}
          {!input.languageAuto && (
            <button type="button" className="linklike small" onClick={() => onChange((i) => ({ ...i, languageAuto: true, language: detectLanguage(i.fileName) }))}>
              detect
            </button>
          )}
        </span>
      </div>
      {input.codeUnread && !input.oldCode && !input.newCode && (
        // A dataset change whose files stayed in a file the page can no longer read: said, never an empty file shown as the change's.
        <p className="alert warn small" role="alert" data-testid="code-unread">
          <strong>No old and new files:</strong> {input.codeUnread} The diff is complete and scores as usual; the analyzers see only what it shows.
        </p>
      )}
      {snippet ? (
        <SnippetView code={input.newCode} language={input.language} />
      ) : isDiff ? (
        <>
          <textarea
            className="code-area"
            data-testid="diff-input"
            aria-label="Unified diff"
            spellCheck={false}
            rows={6}
            placeholder={'Paste a unified diff here (git diff, or bare hunks starting with @@ ... @@)'}
            value={input.diff}
            onChange={(e) => setDiff(e.currentTarget.value)}
          />
          <p className="muted small" data-testid="diff-summary">
            {input.diff.trim() === ''
              ? 'No code change yet.'
              : parsed.error
                ? `Could not read this diff: ${parsed.error}`
                : hunks === 0
                  ? 'No hunks found: a unified diff has lines starting with "@@ -a,b +c,d @@".'
                  : `${parsed.files.length} file${parsed.files.length === 1 ? '' : 's'}, ${hunks} hunk${hunks === 1 ? '' : 's'}, +${added} −${removed}`}
          </p>
          {hunks > 0 && (
            <Suspense fallback={<div className="monaco-host loading">Loading the code view…</div>}>
              <MonacoDiff
                original={sides.original}
                modified={sides.modified}
                oldNumbers={sides.oldNumbers}
                newNumbers={sides.newNumbers}
                language={input.language}
                editable={false}
                reveal={revealModel}
              />
            </Suspense>
          )}
        </>
      ) : (
        <Suspense
          fallback={
            <div className="two-files">
              <textarea className="code-area" aria-label="Old file" value={input.oldCode} onChange={(e) => { const v = e.currentTarget.value; onChange((i) => ({ ...i, oldCode: v })); }} />
              <textarea className="code-area" aria-label="New file" value={input.newCode} onChange={(e) => { const v = e.currentTarget.value; onChange((i) => ({ ...i, newCode: v })); }} />
            </div>
          }
        >
          <p className="muted small">The old file and the new file, both editable: paste into either (side by side when there is room, else one above the other).</p>
          <MonacoFiles
            oldCode={input.oldCode}
            newCode={input.newCode}
            language={input.language}
            reveal={revealModel}
            onChange={(oldCode, newCode) => onChange((i) => (i.oldCode === oldCode && i.newCode === newCode ? i : { ...i, oldCode, newCode }))}
          />
        </Suspense>
      )}
    </div>
  );
});

const LANGUAGE_NAME: Record<string, string> = Object.fromEntries(LANGUAGES.map((l) => [l.id, l.label]));

/** The change's code as its dataset gives it: a snippet, read-only, said to be no diff. */
function SnippetView({ code, language }: { code: string; language: string }) {
  const lines = code === '' ? 0 : code.split('\n').length;
  return (
    <div className="snippet-view" data-testid="snippet-view" data-language={language}>
      <p className="small snippet-head">
        <span className="snippet-tag" data-testid="snippet-label">
          snippet (not a diff)
        </span>{' '}
        <span className="muted">
          {LANGUAGE_NAME[language] ?? language} · {lines} line{lines === 1 ? '' : 's'} · the code the dataset gives for this change
          (e.g. GradedReviews&apos; relatedCode); nothing was added or removed, so nothing is marked as such.
        </span>
      </p>
      <Suspense
        fallback={
          <pre className="code-area snippet-code" data-testid="snippet-code">
            <code>{code}</code>
          </pre>
        }
      >
        <MonacoSnippet code={code} language={language} />
      </Suspense>
    </div>
  );
}
