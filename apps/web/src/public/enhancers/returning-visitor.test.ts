import { afterEach, describe, expect, it } from 'vitest';
import { resetStrings } from '../strings.ts';
import { enhanceReturningVisitor } from './returning-visitor.ts';

const HEADER = `
  <script type="application/json" id="grove-public-strings">{"header.openApp":"Open Grove"}</script>
  <header>
    <a href="/" data-home-link="">Grove</a>
    <a href="/dashboard" data-get-started="" data-header-start="">Get Started for Free</a>
  </header>
  <main><a href="/dashboard" data-get-started="">Get Started for Free</a></main>`;

afterEach(() => {
  document.body.innerHTML = '';
  window.localStorage.clear();
  resetStrings();
});

describe('a returning visitor on a server-rendered page', () => {
  it('gets Open Grove and a logo leading to the dashboard', () => {
    window.localStorage.setItem('grove-onboarding-completed', 'true');
    document.body.innerHTML = HEADER;
    enhanceReturningVisitor(document);
    const start = document.querySelector('header a:last-child')!;
    expect(start.textContent).toBe('Open Grove');
    expect(start.getAttribute('href')).toBe('/dashboard');
    expect(start.hasAttribute('data-get-started')).toBe(false);
    expect(document.querySelector('header a[data-home-link]')!.getAttribute('href')).toBe('/dashboard');
    // The page's own calls to action stay as they are.
    expect(document.querySelector('main a')!.textContent).toBe('Get Started for Free');
  });

  it('changes nothing for a new visitor', () => {
    document.body.innerHTML = HEADER;
    const before = document.body.innerHTML;
    enhanceReturningVisitor(document);
    expect(document.body.innerHTML).toBe(before);
  });
});
