import type { Page } from '@playwright/test';

/**
 * Opens one of the player's tools: its button in the tool bar, or — on a phone whose bar is full — the
 * bar's "More" sheet and the tool's button there.
 */
export async function openTool(page: Page, name: string): Promise<void> {
  const bar = page.getByRole('toolbar', { name: 'Player tools' });
  await bar.getByRole('button').first().waitFor();
  const button = bar.getByRole('button', { name, exact: true });
  if (await button.isVisible()) return button.click();
  await bar.getByRole('button', { name: 'More', exact: true }).click();
  await page.getByRole('dialog', { name: 'More' }).getByRole('button', { name, exact: true }).click();
}
