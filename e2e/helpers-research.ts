// Research's views: the overview (the flow and the first results) and the views that open on demand.
import { expect, type Page } from '@playwright/test';

export type ResearchViewId = 'overview' | 'explore' | 'links' | 'linker' | 'lab' | 'exports';

/** Opens one of Research's views and waits until it is the one shown. */
export async function researchView(page: Page, id: ResearchViewId): Promise<void> {
  await page.getByTestId(`research-view-${id}`).click();
  await expect(page.getByTestId('research')).toHaveAttribute('data-view', id);
}
