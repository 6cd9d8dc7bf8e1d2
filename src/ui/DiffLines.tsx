// A unified diff as plain text lines, coloured by kind. Text only: the diff is untrusted.
import { memo } from 'react';
import './ui.css';

function kind(line: string): string {
  if (line.startsWith('@@')) return 'hunk';
  if (line.startsWith('+++') || line.startsWith('---')) return 'file';
  if (line.startsWith('+')) return 'add';
  if (line.startsWith('-')) return 'del';
  return 'ctx';
}

export const DiffLines = memo(function DiffLines({ diff, label, maxHeight }: { diff: string; label?: string; maxHeight?: number }) {
  const lines = diff.replace(/\n$/, '').split('\n');
  return (
    <pre className="diff-lines" aria-label={label ?? 'Code change'} data-testid="diff-lines" style={maxHeight ? { maxHeight } : undefined}>
      {lines.map((l, k) => (
        <span key={k} className={`dl dl-${kind(l)}`}>
          {l === '' ? ' ' : l}
          {'\n'}
        </span>
      ))}
    </pre>
  );
});

/** A key cap. */
export function Kbd({ children }: { children: React.ReactNode }) {
  return <kbd className="kbd">{children}</kbd>;
}
