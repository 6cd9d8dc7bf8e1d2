// τ from 0 to 1 in steps of 0.001. A native range input: arrows, PageUp/Down, Home/End all work.
import type { Ramp } from '../../core/plus/score';
import { PAPER_TAU } from '../../store/session/session';

interface Props {
  tau: number;
  modelTau: number | null;
  modelLabel: string;
  /** The button that restores the calibrated τ of what is in force ('Model τ', 'Lexical τ'). */
  modelButton?: string;
  onChange(tau: number): void;
  /** Plus preset: its calibrated default τ, and the ramp whose lower end (τ − sd) is marked too. */
  plus?: { defaultTau: number; ramp: Ramp; label?: string };
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;
/** τ as typed: three decimals from the slider, four for the paper's 0.7314. */
export const formatTau = (x: number) => String(Number(x.toFixed(4)));

export function TauSlider({ tau, modelTau, modelLabel, modelButton = 'Model τ', onChange, plus }: Props) {
  const marks = plus
    ? [
        { at: plus.defaultTau, label: `${plus.label ?? 'plus'} ${round3(plus.defaultTau)}`, cls: 'mark-model' },
        { at: plus.ramp.low, label: `τ − sd ${round3(plus.ramp.low)}`, cls: 'mark-low' },
      ]
    : [{ at: PAPER_TAU, label: `paper ${PAPER_TAU}`, cls: 'mark-paper' }];
  if (!plus && modelTau != null) marks.push({ at: modelTau, label: `${modelLabel} ${round3(modelTau)}`, cls: 'mark-model' });
  return (
    <div className="tau-slider">
      <label htmlFor="tau-range" className="tau-label">
        τ <output data-testid="tau-value">{formatTau(tau)}</output>
      </label>
      <div className="tau-track">
        <input
          id="tau-range"
          data-testid="tau-slider"
          type="range"
          min={0}
          max={1}
          step={0.001}
          value={tau}
          aria-valuetext={plus ? `τ = ${formatTau(tau)}, partial credit from ${formatTau(plus.ramp.low)}` : `τ = ${formatTau(tau)}`}
          onChange={(e) => onChange(Number(e.currentTarget.value))}
        />
        {plus && (
          <div
            className="tau-ramp"
            aria-hidden="true"
            data-testid="tau-ramp"
            style={{ left: `calc(${plus.ramp.low * 100}% + ${8 - plus.ramp.low * 16}px)`, width: `calc(${(plus.ramp.high - plus.ramp.low) * 100}% - ${(plus.ramp.high - plus.ramp.low) * 16}px)` }}
          />
        )}
        <div className="tau-marks" aria-hidden="true">
          {marks.map((m) => (
            <span key={m.cls} className={`tau-mark ${m.cls}`} style={{ left: `calc(${m.at * 100}% + ${8 - m.at * 16}px)` }}>
              <span className="tau-mark-label">{m.label}</span>
            </span>
          ))}
        </div>
      </div>
      <div className="tau-buttons">
        {plus ? (
          <button type="button" onClick={() => onChange(plus.defaultTau)} data-testid="tau-plus">
            {plus.label === 'paper' ? 'Paper τ' : 'Plus τ'}
          </button>
        ) : (
          <button type="button" onClick={() => onChange(PAPER_TAU)} data-testid="tau-paper">
            Paper τ
          </button>
        )}
        {!plus && modelTau != null && (
          <button type="button" onClick={() => onChange(round3(modelTau))} data-testid="tau-model">
            {modelButton}
          </button>
        )}
        <input
          type="number"
          aria-label="τ exact value"
          min={0}
          max={1}
          step={0.001}
          value={tau}
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            if (Number.isFinite(v) && v >= 0 && v <= 1) onChange(v);
          }}
        />
      </div>
    </div>
  );
}
