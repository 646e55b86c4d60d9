import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForHydration } from './hydration.ts';

/** Runs axe-core (WCAG 2.x A/AA rules) on the current page; fails on serious or critical violations. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // A server-rendered page is scanned as the app shows it, not while the app is taking it over (the scan would
  // race the DOM changes of the first render after hydration: the site menu's link becomes a button, toasts mount).
  await waitForHydration(page);
  // Nor while something fades in: a toast half-way through its entrance is measured against the page behind it
  // (color-contrast failed once on the 'page not found' toast). Endless animations (a loading pulse) are left be.
  // A toast's entrance is a transition that starts only once sonner marks it mounted (a frame after it is added):
  // wait for that mark first, or the wait below can pass just before the transition begins.
  await page.waitForFunction(() => [...document.querySelectorAll('[data-sonner-toast]')]
    .every((toast) => toast.getAttribute('data-mounted') === 'true'));
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'
    || animation.effect?.getComputedTiming().iterations === Infinity));
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(serious, `axe violations on ${page.url()}`).toEqual([]);
}
