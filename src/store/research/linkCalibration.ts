// llm-links is never calibrated: its cells are 0 or 1, so it runs at the fixed τ (and graded credit's ramp of sd
// below it) whatever system is chosen.
import type { EvalItem } from '../../core/evaluate';
import { fixedTau, LLM_LINKS_SD, type SystemCalibration } from '../../core/research/index';
import type { RunConfig } from './researchConfig';

export function fixedCalibration(config: RunConfig, items: readonly EvalItem[]): SystemCalibration | null {
  const tau = fixedTau(config.similarity);
  if (tau === undefined) return null;
  const systems = [...new Set(items.map((i) => i.system))].sort();
  const system = systems.includes(config.calibrationSystem) ? config.calibrationSystem : (systems[0] ?? config.calibrationSystem);
  return { tau, sd: LLM_LINKS_SD, values: [], system };
}
