import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar.tsx';

const fill = (bar: HTMLElement) => bar.firstElementChild as HTMLElement;

describe('ProgressBar', () => {
  it('is a progressbar from 0 to 100, named by its label, filled to its value', () => {
    render(<ProgressBar value={40} label="Progress of Garden shed" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Garden shed' });
    expect(bar.getAttribute('aria-valuemin')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('100');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(bar.hasAttribute('aria-valuetext')).toBe(false);
    expect(fill(bar).style.width).toBe('40%');
  });

  it('can be named by visible text and read out as a text of its own', () => {
    render(
      <>
        <span id="next-level">Progress to level 3</span>
        <ProgressBar value={50} labelledBy="next-level" valueText="175 / 250 GP" />
      </>,
    );
    const bar = screen.getByRole('progressbar', { name: 'Progress to level 3' });
    expect(bar.getAttribute('aria-valuetext')).toBe('175 / 250 GP');
  });

  it.each([
    [24.000091552734375, '24', '24.000091552734375%'],
    [0.4, '0', '0.4%'],
    [99.6, '100', '99.6%'],
    [140, '100', '100%'],
    [-5, '0', '0%'],
    [Number.NaN, '0', '0%'],
  ])('value %s: aria-valuenow %s, fill %s', (value, now, width) => {
    render(<ProgressBar value={value} label="Storage used" />);
    const bar = screen.getByRole('progressbar', { name: 'Storage used' });
    expect(bar.getAttribute('aria-valuenow')).toBe(now);
    expect(fill(bar).style.width).toBe(width);
  });

  it('takes its height, its fill\'s movement and extra track classes from props', () => {
    render(
      <>
        <ProgressBar value={1} label="small" />
        <ProgressBar value={1} label="large" size="md" transition="slow" className="mt-2 dark:bg-white/10" />
      </>,
    );
    const small = screen.getByRole('progressbar', { name: 'small' });
    const large = screen.getByRole('progressbar', { name: 'large' });
    expect(small.className.split(' ')).toEqual(expect.arrayContaining(['h-2', 'bg-muted', 'rounded-full']));
    expect(fill(small).className).not.toContain('transition');
    expect(large.className.split(' ')).toEqual(expect.arrayContaining(['h-3', 'mt-2', 'dark:bg-white/10']));
    expect(fill(large).className.split(' ')).toEqual(expect.arrayContaining(['transition-[width]', 'duration-500']));
  });
});
