import { describe, expect, it } from 'vitest';
import { pngFrame, type DrawnNode } from './mind-map-png.ts';

const node = (x: number, y: number, width = 100, height = 40): DrawnNode => ({ x, y, width, height, label: 'Idea', color: undefined });

describe('pngFrame', () => {
  it('frames every node with padding, at twice the size where it fits', () => {
    const frame = pngFrame([node(0, 0), node(400, 300)], 16384);
    // Bounds -40..540 by -40..380 (the second node ends at 500 × 340), padding included.
    expect(frame).toEqual({ left: -40, top: -40, width: 580 * 2, height: 420 * 2, scale: 2 });
  });

  it('takes in nodes far outside any view, never more than the cap on either side', () => {
    const frame = pngFrame([node(-20000, 0), node(30000, 500)], 16384);
    expect(frame.width).toBeLessThanOrEqual(16384);
    expect(frame.height).toBeLessThanOrEqual(16384);
    expect(frame.scale).toBeLessThan(1);
    expect(frame.left).toBe(-20040);
    // The whole width is drawn: the frame's width in map units covers both nodes.
    expect(frame.width / frame.scale).toBeGreaterThanOrEqual(50180 - 1);
  });

  it('is a 1×1 picture for an empty map', () => {
    expect(pngFrame([], 16384)).toEqual({ left: 0, top: 0, width: 1, height: 1, scale: 1 });
  });
});
