// Monaco's side-by-side diff editor. Read-only for a pasted diff; both sides editable in files mode.
import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup';

export interface MonacoDiffProps {
  original: string;
  modified: string;
  language: string;
  editable: boolean;
  oldNumbers?: number[];
  newNumbers?: number[];
  /** A model line of the modified side to reveal and highlight; nonce re-triggers the same line. */
  reveal?: { modelLine: number; nonce: number } | null;
  onChange?(original: string, modified: string): void;
}

const MONACO_LANG: Record<string, string> = { python: 'python', java: 'java', javascript: 'javascript' };

export default function MonacoDiff(props: MonacoDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<monaco.editor.IStandaloneDiffEditor | null>(null);
  const propsRef = useRef(props);
  const decorations = useRef<monaco.editor.IEditorDecorationsCollection | null>(null);
  useEffect(() => {
    propsRef.current = props;
  });

  useEffect(() => {
    if (!host.current) return;
    // Created in a task of its own: on a large session the page's first render and Monaco's layout of
    // thousands of lines would otherwise add up to one long main-thread task (bench/scale.ts).
    let cleanup: (() => void) | null = null;
    const timer = setTimeout(() => (cleanup = mountDiffEditor(host.current, propsRef, editor)), 0);
    return () => {
      clearTimeout(timer);
      cleanup?.();
    };
  }, []);

  // Keep models in sync with props without clobbering the user's cursor when the text is unchanged.
  useEffect(() => {
    const ed = editor.current;
    const m = ed?.getModel();
    if (!ed || !m) return;
    if (m.original.getValue() !== props.original) m.original.setValue(props.original);
    if (m.modified.getValue() !== props.modified) m.modified.setValue(props.modified);
    applyOptions(ed, propsRef.current);
  }, [props.original, props.modified, props.language, props.editable, props.oldNumbers, props.newNumbers]);

  useEffect(() => {
    const ed = editor.current?.getModifiedEditor();
    const r = props.reveal;
    if (!ed || !r || r.modelLine < 1) return;
    ed.revealLineInCenter(r.modelLine);
    ed.setSelection(new monaco.Selection(r.modelLine, 1, r.modelLine, 1));
    decorations.current?.clear();
    decorations.current = ed.createDecorationsCollection([
      { range: new monaco.Range(r.modelLine, 1, r.modelLine, 1), options: { isWholeLine: true, className: 'monaco-reveal-line' } },
    ]);
  }, [props.reveal]);

  return <div ref={host} className="monaco-host" data-testid="monaco-diff" />;
}

function mountDiffEditor(
  el: HTMLDivElement | null,
  propsRef: { current: MonacoDiffProps },
  editor: { current: monaco.editor.IStandaloneDiffEditor | null },
): (() => void) | null {
  if (!el) return null;
  const ed = monaco.editor.createDiffEditor(el, {
    automaticLayout: true,
    renderSideBySide: true,
    readOnly: !propsRef.current.editable,
    originalEditable: propsRef.current.editable,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    fontSize: 12.5,
    renderOverviewRuler: false,
    useInlineViewWhenSpaceIsLimited: true,
  });
  const lang = MONACO_LANG[propsRef.current.language] ?? 'plaintext';
  const original = monaco.editor.createModel(propsRef.current.original, lang);
  const modified = monaco.editor.createModel(propsRef.current.modified, lang);
  ed.setModel({ original, modified });
  editor.current = ed;
  const emit = () => propsRef.current.onChange?.(original.getValue(), modified.getValue());
  const subs = [original.onDidChangeContent(emit), modified.onDidChangeContent(emit)];
  applyOptions(ed, propsRef.current); // props may have changed while the mount was queued
  return () => {
    subs.forEach((s) => s.dispose());
    ed.dispose();
    original.dispose();
    modified.dispose();
    editor.current = null;
  };
}

function applyOptions(ed: monaco.editor.IStandaloneDiffEditor, p: MonacoDiffProps) {
  const m = ed.getModel();
  const lang = MONACO_LANG[p.language] ?? 'plaintext';
  if (m) {
    monaco.editor.setModelLanguage(m.original, lang);
    monaco.editor.setModelLanguage(m.modified, lang);
  }
  ed.updateOptions({ readOnly: !p.editable, originalEditable: p.editable });
  const num = (map?: number[]) => (map ? (n: number) => (map[n] ? String(map[n]) : '⋯') : 'on');
  ed.getOriginalEditor().updateOptions({ lineNumbers: num(p.oldNumbers) as monaco.editor.LineNumbersType });
  ed.getModifiedEditor().updateOptions({ lineNumbers: num(p.newNumbers) as monaco.editor.LineNumbersType });
}
