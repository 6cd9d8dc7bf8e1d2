// A dataset change given as a code snippet (GradedReviews' relatedCode), not a diff: one read-only editor with the
// language's highlighting. There is nothing to diff, so nothing is shown as added or removed.
import { useEffect, useRef } from 'react';
import { monaco } from './monacoSetup';

const MONACO_LANG: Record<string, string> = { python: 'python', java: 'java', javascript: 'javascript' };

export default function MonacoSnippet({ code, language }: { code: string; language: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const ed = monaco.editor.create(host.current, {
      value: code,
      language: MONACO_LANG[language] ?? 'plaintext',
      readOnly: true,
      automaticLayout: true,
      minimap: { enabled: false },
      scrollBeyondLastLine: false,
      fontSize: 12.5,
      overviewRulerLanes: 0,
    });
    return () => {
      ed.getModel()?.dispose();
      ed.dispose();
    };
  }, [code, language]);
  // As tall as the snippet (a short one leaves no empty box), up to the diff view's height.
  const height = Math.min(260, 19 * code.split('\n').length + 24);
  return <div ref={host} className="monaco-host" style={{ height }} data-testid="snippet-editor" aria-label="Code snippet (read-only)" />;
}
