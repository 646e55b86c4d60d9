import { describe, expect, it } from 'vitest';
import { EDGE_BAND, MAX_SPEED, edgeScrollSpeed } from './column-auto-scroll.tsx';

// A list from y 100 to 500 (400 px tall): its bands are 100-156 and 444-500.

describe('edgeScrollSpeed', () => {
  it('is 0 away from the edges', () => {
    expect(edgeScrollSpeed(300, 100, 500)).toBe(0);
    expect(edgeScrollSpeed(100 + EDGE_BAND, 100, 500)).toBe(0);
    expect(edgeScrollSpeed(500 - EDGE_BAND, 100, 500)).toBe(0);
  });

  it('scrolls down near the bottom edge, faster as the pointer nears it, half the top speed at the edge', () => {
    const entering = edgeScrollSpeed(450, 100, 500);
    const nearer = edgeScrollSpeed(480, 100, 500);
    expect(entering).toBeGreaterThan(0);
    expect(nearer).toBeGreaterThan(entering);
    expect(edgeScrollSpeed(500, 100, 500)).toBe(MAX_SPEED / 2);
  });

  it('scrolls up near the top edge, mirrored', () => {
    expect(edgeScrollSpeed(130, 100, 500)).toBe(-edgeScrollSpeed(470, 100, 500));
    expect(edgeScrollSpeed(130, 100, 500)).toBeLessThan(0);
    expect(edgeScrollSpeed(100, 100, 500)).toBe(-MAX_SPEED / 2);
  });

  it('goes on growing past the edge, up to its top speed a band beyond it', () => {
    expect(edgeScrollSpeed(520, 100, 500)).toBeGreaterThan(MAX_SPEED / 2);
    expect(edgeScrollSpeed(500 + EDGE_BAND, 100, 500)).toBe(MAX_SPEED);
    expect(edgeScrollSpeed(2000, 100, 500)).toBe(MAX_SPEED);
    expect(edgeScrollSpeed(-2000, 100, 500)).toBe(-MAX_SPEED);
  });

  it('keeps the middle third of a short list still, so a card can be dropped there', () => {
    expect(edgeScrollSpeed(150, 100, 220)).toBe(0);
    expect(edgeScrollSpeed(135, 100, 220)).toBeLessThan(0);
    expect(edgeScrollSpeed(185, 100, 220)).toBeGreaterThan(0);
  });
});
