import type { Page } from 'playwright-core';

/**
 * Draws every chart of a debrief page the way a reader scrolling down it does: a chart is drawn as
 * its place comes near the screen (src-client/ui/debrief/chart-when-seen.tsx, `data-chart-place`
 * until then), so each place still empty is scrolled to, in turn, until none is left.
 */
export async function drawCharts(page: Page): Promise<void> {
  for (;;) {
    const place = await page.$('[data-chart-place]');
    if (!place) break;
    // A place may be drawn meanwhile (its code loaded once the first load was over): then it is gone.
    await place.scrollIntoViewIfNeeded().catch(async (error: Error) => {
      if (await place.evaluate((element) => element.isConnected).catch(() => false)) throw error;
    });
    await place.waitForElementState('hidden');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}
