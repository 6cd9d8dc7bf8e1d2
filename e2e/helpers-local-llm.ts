// The in-browser provider in a settings form (workbench, pseudo-references, LLM links, the lab): pick a model by
// hub id and a backend, and count the generations that reach the model (the worker client's generate()), so a spec
// can check the provider's one-at-a-time cap whatever "Requests at once" says.
import type { Locator, Page } from '@playwright/test';

export async function chooseLocalModel(
  scope: Page | Locator,
  model: string,
  opts: { backend: 'auto' | 'wasm'; maxNew: number },
): Promise<void> {
  // The Workbench's claims panel folds its settings ("Write claims with an LLM…"): unfold them if shut.
  const folded = scope.locator('details.claims-settings:not([open]) > summary');
  if ((await folded.count()) > 0) await folded.first().click();
  await scope.getByLabel('Provider').selectOption({ label: 'In this browser (WebGPU)' });
  await scope.getByRole('combobox', { name: 'Model', exact: true }).selectOption('other');
  await scope.getByLabel('Hub model id').fill(model);
  await scope.getByLabel('Run on').selectOption(opts.backend);
  await scope.getByLabel('Max new tokens').fill(String(opts.maxNew));
}

export interface GenerationCount {
  /** Generations in flight now. */
  now: number;
  /** The most ever in flight at once. */
  max: number;
  calls: number;
}

/** Wraps the page's local model client; the returned function reads the counts so far. */
export async function countGenerations(page: Page): Promise<() => Promise<GenerationCount>> {
  await page.evaluate(() => {
    type Llm = { generate: (...a: unknown[]) => Promise<unknown> };
    const w = window as unknown as { __crscoreLocalLlm: Llm; __gen: { now: number; max: number; calls: number } };
    const llm = w.__crscoreLocalLlm;
    const orig = llm.generate.bind(llm);
    w.__gen = { now: 0, max: 0, calls: 0 };
    llm.generate = async (...a: unknown[]) => {
      w.__gen.now++;
      w.__gen.calls++;
      w.__gen.max = Math.max(w.__gen.max, w.__gen.now);
      try {
        return await orig(...a);
      } finally {
        w.__gen.now--;
      }
    };
  });
  return () => page.evaluate(() => (window as unknown as { __gen: GenerationCount }).__gen);
}
