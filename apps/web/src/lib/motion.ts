// The user's reduced-motion preference for motion started from code. CSS animations and transitions are covered
// by styles.css; a smooth scroll or a React Flow viewport animation asked for in JavaScript is not.

const REDUCE = '(prefers-reduced-motion: reduce)';

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(REDUCE).matches;
}

/** 'smooth' unless the user asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}

/** An animation's duration, or 0 (jump straight to the end) when the user asked for less motion. */
export function motionDuration(ms: number): number {
  return prefersReducedMotion() ? 0 : ms;
}
