// The app's segmented control: mutually exclusive buttons in a radiogroup, the chosen one marked "on".
import type { ReactNode } from 'react';
import './ui.css';

export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
  testId?: string;
}

export function Segmented<T extends string>({
  options,
  value,
  onChange,
  label,
  labelledBy,
}: {
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** An accessible name, or the id of the heading that names the group. */
  label?: string;
  labelledBy?: string;
}) {
  return (
    <div className="segmented" role="radiogroup" aria-label={label} aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={value === o.value ? 'on' : ''}
          data-testid={o.testId}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
