// What a first visit shows: the protocol in three lines, and where to get material to annotate.
import { useMemo } from 'react';
import { useAnnotation } from '../../store/annotation/annotation';
import { useSessions } from '../../store/session/sessions';
import { ImportControl } from './ImportControl';
import { paperItems, sessionItems } from './sources';

export function StartPanel() {
  const start = useAnnotation((s) => s.start);
  const sessions = useSessions((s) => s.sessions);
  const order = useSessions((s) => s.order);
  const fromSessions = useMemo(() => sessionItems(order.map((id) => sessions[id]).filter(Boolean)), [sessions, order]);

  return (
    <div className="an-start" data-testid="an-start">
      <h1>Annotate review quality, the way the paper's annotators did</h1>
      <ol className="an-steps">
        <li>
          <strong>Stage 1 · Check the pseudo-references.</strong> Code each claim about the change as correct, incorrect, unverifiable or
          ambiguous, mark whether it is necessary, and add any that are missing.
        </li>
        <li>
          <strong>Stage 2 · Rate the reviews.</strong> For each review, link the pseudo-references it addresses, then rate conciseness,
          comprehensiveness and relevance from 1 to 5, with the paper's rules of thumb beside you.
        </li>
        <li>
          <strong>Export</strong> your work as a CSV in the human-study format, and compare two annotators' files in <em>Agreement</em>.
        </li>
      </ol>
      <p className="muted">Everything works from the keyboard (the keys are listed on screen) and is saved in this browser after every change.</p>
      <div className="an-start-options">
        <section className="panel">
          <h2>The paper's examples</h2>
          <p className="muted small">3 code changes from the paper's Tables 15 and 16, with their claims and 4 reviews. A good first run.</p>
          <button type="button" className="primary" autoFocus onClick={() => start(paperItems(), "the paper's examples")} data-testid="an-start-paper">
            Start with the paper's examples
          </button>
        </section>
        <section className="panel">
          <h2>A file</h2>
          <p className="muted small">
            A human-study CSV (<code>py_NAME_review_qual_final.csv</code>, annotations kept or cleared), dev.jsonl, CodeReviewer JSONL, or a
            plain CSV/JSONL with diff and review columns.
          </p>
          <ImportControl label="Choose a file…" />
        </section>
        <section className="panel">
          <h2>Your workbench sessions</h2>
          <p className="muted small">
            {fromSessions.length
              ? `${fromSessions.length} session${fromSessions.length === 1 ? '' : 's'} with a review and pseudo-references.`
              : 'No workbench session has both a review and pseudo-references yet.'}
          </p>
          <button type="button" disabled={!fromSessions.length} onClick={() => start(fromSessions, 'your workbench sessions')} data-testid="an-start-sessions">
            Annotate my sessions
          </button>
        </section>
      </div>
    </div>
  );
}
