// Stage 2: for each review, link the pseudo-references it addresses, then rate Con, Comp and Rel 1–5 with
// Table 6's rules of thumb beside the field in focus.
import { useEffect, useRef } from 'react';
import type { AnnotatedReview, AnnotationItem } from '../../core/annotation';
import { splitReview } from '../../core/sentences';
import { useAnnotation, type ReviewField } from '../../store/annotation/annotation';
import { Kbd } from '../../ui/DiffLines';
import { codeLabel, compHint, DIMENSION_NAME, DIMENSION_SHORT, LINK_HINT, REL_RULES, RULES, type RatedDimension } from './guide';

const DIMS: RatedDimension[] = ['con', 'comp', 'rel'];

/** The pseudo-references beside the reviews: stage-1 codes, and the links of the review in focus. */
export function LinkRefPanel() {
  const project = useAnnotation((s) => s.project)!;
  const cursor = useAnnotation((s) => s.cursor);
  const toggleLink = useAnnotation((s) => s.toggleLink);
  const setCursor = useAnnotation((s) => s.setCursor);
  const item = project.items[cursor.item];
  const review = item.reviews[cursor.review];
  const linking = cursor.field === 'links';
  const linked = new Set(review?.addressed ?? []);
  return (
    <section className={`panel an-linkrefs ${linking ? 'focus' : ''}`} aria-labelledby="an-h-linkrefs" data-testid="an-linkrefs">
      <h2 id="an-h-linkrefs">
        Pseudo-references{' '}
        <span className="count">{review ? `addressed by R${cursor.review + 1}: ${linked.size ? [...linked].map((n) => `P${n}`).join(', ') : review.addressed ? 'none' : 'not linked yet'}` : ''}</span>
      </h2>
      <ol className="an-linklist">
        {item.pseudoRefs.map((p, k) => {
          const on = linked.has(p.no);
          return (
            <li key={`${p.no}-${k}`}>
              <button
                type="button"
                role="checkbox"
                aria-checked={on}
                className={`an-link ${on ? 'on' : ''} ${linking && cursor.link === k ? 'hl' : ''} ${p.accuracy === 0 ? 'wrong' : ''}`}
                disabled={!review}
                onClick={() => {
                  toggleLink(cursor.item, cursor.review, p.no);
                  setCursor({ field: 'links', link: k });
                }}
                data-testid="an-link"
              >
                <span className="an-box" aria-hidden="true">
                  {on ? '✓' : ''}
                </span>
                <span className="row-no">P{p.no}</span>
                <span className="an-link-text">{p.text}</span>
                <span className="an-link-meta">
                  {codeLabel(p.accuracy)}
                  {p.necessary === 0 ? ' · not necessary' : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {item.pseudoRefs.length === 0 && <p className="notice">No pseudo-references: every review addresses none (press Enter).</p>}
    </section>
  );
}

/** askNone: Enter found nothing linked on the current review; its card asks. */
export function Stage2({ askNone = false }: { askNone?: boolean }) {
  const project = useAnnotation((s) => s.project)!;
  const cursor = useAnnotation((s) => s.cursor);
  const item = project.items[cursor.item];
  return (
    <section className="panel an-stage2" aria-labelledby="an-h-reviews" data-testid="an-stage2">
      <h2 id="an-h-reviews">
        Reviews <span className="count">link, then rate each one</span>
      </h2>
      {item.reviews.length === 0 && <p className="notice">This diff has no reviews to rate.</p>}
      <ol className="an-reviews">
        {item.reviews.map((r, k) => (
          <ReviewCard key={`${r.system}-${k}`} item={item} r={r} index={k} active={k === cursor.review} field={cursor.field} askNone={askNone} />
        ))}
      </ol>
    </section>
  );
}

function ReviewCard({
  item,
  r,
  index,
  active,
  field,
  askNone,
}: {
  item: AnnotationItem;
  r: AnnotatedReview;
  index: number;
  active: boolean;
  field: ReviewField;
  askNone: boolean;
}) {
  const setCursor = useAnnotation((s) => s.setCursor);
  const setReview = useAnnotation((s) => s.setReview);
  const cursorItem = useAnnotation((s) => s.cursor.item);
  const el = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!active) return;
    el.current?.scrollIntoView?.({ block: 'nearest' });
    // Then the guideline and the field being rated (last, so it wins when the card is taller than the window): both
    // in sight above the key bar.
    el.current?.querySelector('.an-rules')?.scrollIntoView?.({ block: 'nearest' });
    el.current?.querySelector('.an-field.on')?.scrollIntoView?.({ block: 'nearest' });
  }, [active, field]);
  const done = r.addressed !== null && r.con !== null && r.comp !== null && r.rel !== null;
  return (
    <li
      ref={el}
      className={`an-review ${active ? 'active' : ''} ${done ? 'done' : ''}`}
      aria-current={active ? 'true' : undefined}
      data-testid="an-review"
      data-addressed={r.addressed === null ? '' : r.addressed.join(',') || '-'}
      data-con={r.con ?? ''}
      data-comp={r.comp ?? ''}
      data-rel={r.rel ?? ''}
      onClick={() => !active && setCursor({ review: index, field: 'links', link: 0 })}
    >
      <div className="an-review-head">
        <span className="badge sentence">R{index + 1}</span>
        <span className="badge source">{r.system}</span>
        <span className="spacer" />
        {done && <span className="an-check">✓</span>}
      </div>
      <p className={`an-review-text ${r.review === null ? 'muted' : ''}`}>{r.review ?? '(this system produced no review)'}</p>
      {active ? (
        <div className="an-fields">
          <div className={`an-field ${field === 'links' ? 'on' : ''}`} data-testid="an-field-links">
            <span className="an-field-name">Addresses</span>
            <span className="an-field-value">
              {r.addressed === null ? <span className="muted">not linked yet</span> : r.addressed.length ? r.addressed.map((n) => `P${n}`).join(', ') : 'none'}
            </span>
            <button
              type="button"
              className="small"
              onClick={(e) => {
                e.stopPropagation();
                setReview(cursorItem, index, { addressed: [] });
              }}
            >
              None <Kbd>X</Kbd>
            </button>
          </div>
          {DIMS.map((d) => (
            <div key={d} className={`an-field ${field === d ? 'on' : ''}`} data-testid={`an-field-${d}`}>
              <span className="an-field-name" title={DIMENSION_NAME[d]}>
                {DIMENSION_SHORT[d]}
              </span>
              <div className="likert" role="radiogroup" aria-label={`${DIMENSION_NAME[d]} of R${index + 1}`}>
                {[1, 2, 3, 4, 5].map((v) => (
                  <button
                    key={v}
                    type="button"
                    role="radio"
                    aria-checked={r[d] === v}
                    className={r[d] === v ? 'on' : ''}
                    title={d === 'rel' ? undefined : RULES[d][v - 1]}
                    onClick={(e) => {
                      e.stopPropagation();
                      setReview(cursorItem, index, { [d]: v });
                      setCursor({ field: d });
                    }}
                  >
                    {v}
                  </button>
                ))}
              </div>
            </div>
          ))}
          {/* Table 6 in the card being rated: one scroll above the key bar shows the field and its rules. */}
          <FieldGuide item={item} r={r} field={field} askNone={askNone} />
        </div>
      ) : (
        <p className="an-review-summary small muted">
          {r.addressed === null ? 'not linked' : r.addressed.length ? `addresses ${r.addressed.map((n) => `P${n}`).join(', ')}` : 'addresses none'} ·{' '}
          {DIMS.map((d) => `${DIMENSION_SHORT[d]} ${r[d] ?? '–'}`).join(' · ')}
        </p>
      )}
      {!active && item.reviews.length > 1 && <span className="sr-only">Press J or K to move here.</span>}
    </li>
  );
}

function FieldGuide({ item, r, field, askNone }: { item: AnnotationItem; r: AnnotatedReview; field: ReviewField; askNone: boolean }) {
  const total = item.pseudoRefs.length;
  const linked = r.addressed?.length ?? 0;
  if (field === 'links')
    return (
      <div className="an-rules" data-testid="an-rules">
        <h3>Which pseudo-references does this review address?</h3>
        <p className="small">{LINK_HINT}</p>
        <p className="small muted" data-testid="an-link-hint">
          {/* The list sits beside this guide on a wide window and above it on a narrow one (annotate.css, .an-grid). */}
          Pick them in the list <span className="an-where-beside">on the left</span>
          <span className="an-where-above">above</span> (Space or their number), X if it addresses none, then Enter.
        </p>
        {askNone && r.addressed === null && (
          <p className="alert warn small" role="alert" data-testid="an-ask-none">
            Nothing is linked yet. Does this review address none of the pseudo-references? Press <Kbd>X</Kbd> to record &ldquo;addresses none&rdquo;, or
            link the ones it addresses.
          </p>
        )}
      </div>
    );
  if (field === 'rel') {
    const lo = r.con !== null && r.comp !== null ? Math.min(r.con, r.comp) : null;
    const hi = r.con !== null && r.comp !== null ? Math.max(r.con, r.comp) : null;
    return (
      <div className="an-rules" data-testid="an-rules">
        <h3>Relevance (Table 6)</h3>
        <ul>
          {REL_RULES.map((t) => (
            <li key={t}>
              <span>{t}</span>
            </li>
          ))}
        </ul>
        {lo !== null && (
          <p className="an-hint small" data-testid="an-hint">
            You gave Con {r.con} and Comp {r.comp}: relevance between {lo} and {hi}
            {hi! - lo! >= 2 ? `, held near ${lo} by the limiting one` : ''}.
          </p>
        )}
      </div>
    );
  }
  const sentences = splitReview(r.review ?? '').filter((s) => s.trim()).length;
  const hint = field === 'comp' ? compHint(linked, total) : null;
  return (
    <div className="an-rules" data-testid="an-rules">
      <h3>
        {DIMENSION_NAME[field]} (Table 6) <span className="muted small">press a number</span>
      </h3>
      <ul>
        {RULES[field].map((t, k) => (
          <li key={k} className={r[field] === k + 1 ? 'on' : hint === k + 1 ? 'hint' : ''}>
            <Kbd>{k + 1}</Kbd>
            <span>{t}</span>
          </li>
        ))}
      </ul>
      <p className="an-hint small" data-testid="an-hint">
        {field === 'con'
          ? `The review has ${sentences} sentence${sentences === 1 ? '' : 's'}; you linked ${linked} pseudo-reference${linked === 1 ? '' : 's'} to it.`
          : `You linked ${linked} of ${total} pseudo-reference${total === 1 ? '' : 's'}${hint ? `: the rule of thumb points to ${hint}` : ''}.`}
      </p>
    </div>
  );
}
