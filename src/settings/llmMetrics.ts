// The metric lab's choices, below both src/store and src/features so the lab store and its view read one copy:
// which metrics to measure (CRScore is the Research run's: its similarity, scoring rule and τ), the LLM metrics' prompts as the user
// edited them (null = the core's default), whether the judge sees the pseudo-references, and the baseline of the
// paired differences. The provider, model and key are the claims settings' (one provider layer); nothing here is a
// secret, so all of it persists.
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { recordingLocalStorage } from './storageWrites';

/** The lab's metric families, named as `crscore eval --metrics` names them. */
export type LabMetricKind = 'crscore' | 'bleu' | 'chrf' | 'rouge-l' | 'meteor' | 'embed-ref' | 'llm-grade' | 'llm-judge';
export const LAB_METRIC_KINDS: readonly LabMetricKind[] = [
  'crscore',
  'bleu',
  'chrf',
  'rouge-l',
  'meteor',
  'embed-ref',
  'llm-grade',
  'llm-judge',
];

/** Metrics that compare a review with the human reference review: not applicable where a change has none. */
export const REFERENCE_METRICS: ReadonlySet<LabMetricKind> = new Set([
  'bleu',
  'chrf',
  'rouge-l',
  'meteor',
  'embed-ref',
  'llm-grade',
]);
export const LLM_METRICS: ReadonlySet<LabMetricKind> = new Set(['llm-grade', 'llm-judge']);

export const METRIC_LABELS: Record<LabMetricKind, string> = {
  crscore: 'CRScore',
  bleu: 'BLEU',
  chrf: 'chrF',
  'rouge-l': 'ROUGE-L (stemmed)',
  meteor: 'METEOR',
  'embed-ref': 'Embedding to reference',
  'llm-grade': 'LLM grade (vs reference)',
  'llm-judge': 'LLM judge (reference-free)',
};

export interface LlmMetricsSettings {
  /** The families ticked in the picker. */
  metrics: LabMetricKind[];
  /** The prompt templates as edited; null runs the core's default. */
  gradePrompt: string | null;
  judgePrompt: string | null;
  /** The judge sees the change's pseudo-references beside the diff. */
  judgeWithPseudoRefs: boolean;
  /** The metric id the paired differences are taken against (e.g. crscore.rel). */
  baseline: string;
  /** Requests in flight at most (capped by the provider's own limit). */
  concurrency: number;
  resamples: number;
  seed: number;
}

interface Actions {
  toggleMetric(kind: LabMetricKind, on: boolean): void;
  update(patch: Partial<Omit<LlmMetricsSettings, 'metrics'>>): void;
  reset(): void;
}

export const DEFAULT_LAB_SETTINGS: LlmMetricsSettings = {
  metrics: ['crscore', 'bleu', 'chrf'],
  gradePrompt: null,
  judgePrompt: null,
  judgeWithPseudoRefs: false,
  baseline: 'crscore.rel',
  concurrency: 4,
  resamples: 1000,
  seed: 1,
};

export const LAB_SETTINGS_KEY = 'crscore.lab.settings';

export const useLlmMetrics = create<LlmMetricsSettings & Actions>()(
  persist(
    (set) => ({
      ...DEFAULT_LAB_SETTINGS,
      toggleMetric: (kind, on) =>
        set((s) => ({
          metrics: on
            ? LAB_METRIC_KINDS.filter((k) => k === kind || s.metrics.includes(k))
            : s.metrics.filter((k) => k !== kind),
        })),
      update: (patch) => set(patch),
      reset: () => set(DEFAULT_LAB_SETTINGS),
    }),
    { name: LAB_SETTINGS_KEY, storage: createJSONStorage(() => recordingLocalStorage), version: 1 },
  ),
);
