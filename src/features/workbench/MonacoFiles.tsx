// "Old & new files" mode: two editors, the old file and the new file, both editable. Side by side when the
// code panel is wide enough, stacked when it is not (a container query in workbench.css), never a single
// inline pane: each side has a place to paste into.
import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup';

export interface MonacoFilesProps {
  oldCode: string;
  newCode: string;
  language: string;
  /** A line of the new file to reveal and highlight; nonce re-triggers the same line. */
  reveal?: { modelLine: number; nonce: number } | null;
  onChange(oldCode: string, newCode: string): void;
}

const MONACO_LANG: Record<string, string> = {
  python: 'python',
  java: 'java',
  javascript: 'javascript',
};

function useEditor(
  host: React.RefObject<HTMLDivElement | null>,
  value: string,
  language: string,
  onEdit: (v: string) => void,
) {
  const editor = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  });
  const initial = useRef({ value, language });
  useEffect(() => {
    if (!host.current) return;
    const ed = monaco.editor.create(host.current, {
      value: initial.current.value,
      language: MONACO_LANG[initial.current.language] ?? 'plaintext',
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 12.5,
      overviewRulerLanes: 0,
    });
    editor.current = ed;
    const sub = ed.onDidChangeModelContent(() => onEditRef.current(ed.getValue()));
    return () => {
      sub.dispose();
      ed.getModel()?.dispose();
      ed.dispose();
      editor.current = null;
    };
  }, [host]);
  useEffect(() => {
    const ed = editor.current;
    if (ed && ed.getValue() !== value) ed.setValue(value);
  }, [value]);
  useEffect(() => {
    const m = editor.current?.getModel();
    if (m) monaco.editor.setModelLanguage(m, MONACO_LANG[language] ?? 'plaintext');
  }, [language]);
  return editor;
}

export default function MonacoFiles({
  oldCode,
  newCode,
  language,
  reveal,
  onChange,
}: MonacoFilesProps) {
  const oldHost = useRef<HTMLDivElement>(null);
  const newHost = useRef<HTMLDivElement>(null);
  const latest = useRef({ oldCode, newCode });
  useEffect(() => {
    latest.current = { oldCode, newCode };
  });
  useEditor(oldHost, oldCode, language, (v) => onChange(v, latest.current.newCode));
  const newEditor = useEditor(newHost, newCode, language, (v) =>
    onChange(latest.current.oldCode, v),
  );
  const decorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  useEffect(() => {
    const ed = newEditor.current;
    if (!ed || !reveal || reveal.modelLine < 1) return;
    ed.revealLineInCenter(reveal.modelLine);
    ed.setSelection(new monaco.Selection(reveal.modelLine, 1, reveal.modelLine, 1));
    decorations.current?.clear();
    decorations.current = ed.createDecorationsCollection([
      {
        range: new monaco.Range(reveal.modelLine, 1, reveal.modelLine, 1),
        options: { isWholeLine: true, className: 'monaco-reveal-line' },
      },
    ]);
  }, [reveal, newEditor]);
  return (
    <div className="two-editors" data-testid="two-editors">
      <div className="two-editors-grid">
        <div className="two-editors-side">
          <span className="two-editors-label">Old file</span>
          <div
            ref={oldHost}
            className="monaco-host"
            data-testid="editor-old"
            aria-label="Old file"
          />
        </div>
        <div className="two-editors-side">
          <span className="two-editors-label">New file</span>
          <div
            ref={newHost}
            className="monaco-host"
            data-testid="editor-new"
            aria-label="New file"
          />
        </div>
      </div>
    </div>
  );
}
