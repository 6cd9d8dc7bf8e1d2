// The cross-validation report as text: a fixed-width table for the terminal and a Markdown table for READMEs and
// issue notes. Both the CLI and Research print these, so they show the same figures for the same run.
import type { CvFigure } from './weights.ts';
import { FIGURES, type CvReport, type Figure } from './cv.ts';
import { maxOf } from '../arrays.ts';

const LABEL: Record<Figure, string> = {
  precision: 'link P',
  recall: 'link R',
  f1: 'link F1',
  auc: 'AUC',
  con: 'Con ρ',
  comp: 'Comp ρ',
  rel: 'Rel ρ',
  system: 'system ρ',
};

export function fmtCv(f: CvFigure): string {
  return Number.isFinite(f.mean) ? `${f.mean.toFixed(3)} ± ${f.sd.toFixed(3)}` : '—';
}

export function cvTableRows(r: CvReport): { label: string; cells: string[]; chosen: boolean }[] {
  return r.methods.map((m) => ({
    label: m.label + (m.id === r.chosen.id ? ' *' : ''),
    cells: FIGURES.map((f) => fmtCv(m.summary[f])),
    chosen: m.id === r.chosen.id,
  }));
}

export const CV_HEADERS: readonly string[] = FIGURES.map((f) => LABEL[f]);

export function renderCvText(r: CvReport): string {
  const rows = cvTableRows(r);
  const w = Math.max(maxOf(rows.map((x) => x.label.length)), 6);
  const lines = [
    `Cross-validation: ${r.scheme === 'language' ? `leave one language out (${r.folds} languages)` : `${r.folds} folds of changes (seed ${r.seed})`}, ${r.reviews} reviews with recorded links, ${r.pairs} (review, pseudo-reference) pairs; mean ± sd over folds`,
    `${'method'.padEnd(w)}  ${CV_HEADERS.map((h) => h.padStart(15)).join(' ')}`,
    ...rows.map((x) => `${x.label.padEnd(w)}  ${x.cells.map((c) => c.padStart(15)).join(' ')}`),
    `* the rule shipped as default (${r.chosen.scoring}); hard threshold chosen by cross-validation: ${r.threshold}`,
    'link F1 of graded rows counts probabilities as soft links; hard rows link at the threshold.',
  ];
  if (r.ablations.length > 0) {
    lines.push('', `Ablations (${r.chosen.scoring} rule, one feature group dropped):`);
    for (const a of r.ablations)
      lines.push(`  ${(a.dropped === 'none' ? '(all features)' : `- ${a.dropped}`).padEnd(16)} Rel ρ ${fmtCv(a.rel)}   link F1 ${fmtCv(a.f1)}   AUC ${fmtCv(a.auc)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderCvMarkdown(r: CvReport): string {
  const rows = cvTableRows(r);
  return [
    `| method | ${CV_HEADERS.join(' | ')} |`,
    `|---|${CV_HEADERS.map(() => '---').join('|')}|`,
    ...rows.map((x) => `| ${x.label} | ${x.cells.join(' | ')} |`),
  ].join('\n') + '\n';
}
