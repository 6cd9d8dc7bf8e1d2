// The keys for what is in focus (from KEYS, so the list is what works), and the full guidelines on demand.
import { useEffect, useRef } from 'react';
import type { ReviewField, Stage } from '../../store/annotation/annotation';
import { Kbd } from '../../ui/DiffLines';
import { CODES, codeText, DIMENSION_NAME, LINK_HINT, NECESSARY_HINT, REL_RULES, RULES } from './guide';
import { KEYS } from './keys';

export function KeyHelp({ stage, field, lastKey }: { stage: Stage; field: ReviewField; lastKey: string | null }) {
  const here = stage === 1 ? KEYS.stage1 : field === 'links' ? KEYS.links : KEYS.rating;
  const title = stage === 1 ? 'Stage 1 keys' : field === 'links' ? 'Linking keys' : `Rating keys · ${DIMENSION_NAME[field]}`;
  return (
    <section className="an-keys" aria-label={title} data-testid="an-keys">
      <h2>{title}</h2>
      <dl>
        {[...here, ...KEYS.everywhere].map(([k, what]) => (
          <div key={`${k}-${what}`}>
            <dt>
              <Kbd>{k}</Kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small" aria-live="polite">
        {lastKey ? (
          <>
            last key <Kbd>{lastKey}</Kbd> ·{' '}
          </>
        ) : null}
        keys work anywhere here except while you type in a box; the mouse works too
      </p>
    </section>
  );
}

export function GuideOverlay({ onClose }: { onClose(): void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div className="an-overlay" role="dialog" aria-modal="true" aria-labelledby="an-h-guide" onClick={onClose} data-testid="an-guide">
      <div className="an-overlay-box panel" ref={box} tabIndex={-1} onClick={(e) => e.stopPropagation()}>
        <div className="panel-head">
          <h2 id="an-h-guide">Guidelines (Naik et al., appendix D)</h2>
          <button type="button" onClick={onClose}>
            Close <Kbd>Esc</Kbd>
          </button>
        </div>
        <h3 className="sub">Stage 1: coding pseudo-references (Table 7)</h3>
        <table className="ui-table">
          <thead>
            <tr>
              <th>Code</th>
              <th>Meaning</th>
              <th>Example</th>
              <th>Why</th>
            </tr>
          </thead>
          <tbody>
            {CODES.map((c) => (
              <tr key={c.code}>
                <td>
                  <strong>{codeText(c.code)}</strong> {c.label}
                  <div>
                    <Kbd>{c.keys.join(' ')}</Kbd>
                  </div>
                </td>
                <td>{c.rule}</td>
                <td className="muted">{c.example}</td>
                <td className="muted">{c.why}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small">{NECESSARY_HINT} Add what is missing with A.</p>
        <h3 className="sub">Stage 2: linking</h3>
        <p className="small">{LINK_HINT}</p>
        <h3 className="sub">Stage 2: rules of thumb for the scores (Table 6)</h3>
        <table className="ui-table">
          <thead>
            <tr>
              <th>Score</th>
              <th>Conciseness</th>
              <th>Comprehensiveness</th>
            </tr>
          </thead>
          <tbody>
            {[0, 1, 2, 3, 4].map((k) => (
              <tr key={k}>
                <td>
                  <strong>{k + 1}</strong>
                </td>
                <td>{RULES.con[k]}</td>
                <td>{RULES.comp[k]}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="small">
          <strong>Relevance</strong> has rules rather than points:
        </p>
        <ul className="small">
          {REL_RULES.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
        <p className="muted small">
          The paper: these rules are guidelines to calibrate annotators and reduce learning effects early in the annotation; the final judgment is
          yours.
        </p>
      </div>
    </div>
  );
}
