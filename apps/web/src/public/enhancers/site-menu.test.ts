import { afterEach, describe, expect, it } from 'vitest';
import { enhanceSiteMenu } from './site-menu.ts';

// The markup SiteMenu renders on the server (app/layouts/site-nav.tsx) before any script runs.
const SERVER_MENU = `
  <div data-site-menu="" class="md:hidden">
    <a href="#site-footer" aria-label="Site menu" class="btn-ghost-icon">
      <svg data-menu-icon="closed"></svg><svg class="hidden" data-menu-icon="open"></svg>
    </a>
    <nav id="menu-panel" hidden aria-label="Site navigation"><ul><li><a href="/blog">Blog</a></li></ul></nav>
  </div>
  <a href="/about" id="elsewhere">About</a>`;

function setUp() {
  document.body.innerHTML = SERVER_MENU;
  enhanceSiteMenu(document);
  const button = document.querySelector('button')!;
  const panel = document.getElementById('menu-panel')!;
  const icon = (state: string) => document.querySelector(`[data-menu-icon="${state}"]`)!;
  return { button, panel, icon };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the site menu on a server-rendered page', () => {
  it('turns the footer link into a closed disclosure button with the same look and label', () => {
    const { button, panel, icon } = setUp();
    expect(document.querySelector('a[href="#site-footer"]')).toBeNull();
    expect(button.className).toBe('btn-ghost-icon');
    expect(button.getAttribute('aria-label')).toBe('Site menu');
    expect(button.getAttribute('aria-controls')).toBe('menu-panel');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    expect(icon('closed').classList.contains('hidden')).toBe(false);
  });

  it('opens and closes on a click, showing the close icon while open', () => {
    const { button, panel, icon } = setUp();
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(icon('open').classList.contains('hidden')).toBe(false);
    expect(icon('closed').classList.contains('hidden')).toBe(true);
    button.click();
    expect(panel.hidden).toBe(true);
  });

  it('closes on Escape and gives focus back to the button', () => {
    const { button, panel } = setUp();
    button.click();
    panel.querySelector('a')!.focus();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(panel.hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('closes on a tap outside, not on one inside', () => {
    const { button, panel } = setUp();
    button.click();
    panel.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(panel.hidden).toBe(false);
    document.getElementById('elsewhere')!.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(panel.hidden).toBe(true);
  });

  it('closes when focus leaves it', () => {
    const { button, panel } = setUp();
    button.click();
    button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: document.getElementById('elsewhere') }));
    expect(panel.hidden).toBe(true);
  });
});
