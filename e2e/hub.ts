// The Hugging Face hub as the app's model loaders address it. This machine cannot reach it; the specs make that
// true on every machine, so a run means the same everywhere.
import type { BrowserContext } from '@playwright/test';

export const HUB = /huggingface\.co|hf\.co/;

/** Every request to the hub fails as a dropped connection does. */
export async function hubUnreachable(context: BrowserContext): Promise<void> {
  await context.route(HUB, (route) => route.abort('internetdisconnected'));
}
