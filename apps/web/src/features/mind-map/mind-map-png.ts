// The PNG export draws the whole map itself on a canvas (not a screenshot of the view): every node at its stored
// position and drawn size, the edges as the canvas shows them, on the theme's background. The picture is as large
// as the map (twice that where it fits, for sharp text), never more than PNG_MAX_SIDE px per side.

export interface DrawnNode {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly label: string;
  /** A swatch colour, or undefined for the theme's surface. */
  readonly color: string | undefined;
}

export interface DrawnEdge {
  readonly source: DrawnNode;
  readonly target: DrawnNode;
}

export interface PngColours {
  readonly background: string;
  readonly surface: string;
  readonly text: string;
  readonly border: string;
  readonly edge: string;
}

export interface PngFrame {
  /** The map's top-left corner in map coordinates, padding included. */
  readonly left: number;
  readonly top: number;
  /** The picture's size in pixels and the scale from map units to pixels. */
  readonly width: number;
  readonly height: number;
  readonly scale: number;
}

const PADDING = 40;
const SHARP_SCALE = 2;

/** The picture's frame for these nodes: their bounds plus padding, scaled to fit `maxSide`. */
export function pngFrame(nodes: readonly DrawnNode[], maxSide: number): PngFrame {
  if (nodes.length === 0) return { left: 0, top: 0, width: 1, height: 1, scale: 1 };
  const left = Math.min(...nodes.map((node) => node.x)) - PADDING;
  const top = Math.min(...nodes.map((node) => node.y)) - PADDING;
  const right = Math.max(...nodes.map((node) => node.x + node.width)) + PADDING;
  const bottom = Math.max(...nodes.map((node) => node.y + node.height)) + PADDING;
  const scale = Math.min(SHARP_SCALE, maxSide / (right - left), maxSide / (bottom - top));
  return {
    left, top, scale,
    width: Math.max(1, Math.min(maxSide, Math.round((right - left) * scale))),
    height: Math.max(1, Math.min(maxSide, Math.round((bottom - top) * scale))),
  };
}

/** The label's lines, wrapped to the width the node draws it in. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (line !== '' && context.measureText(candidate).width > width) {
        lines.push(line);
        line = word;
      } else line = candidate;
    }
    lines.push(line);
  }
  return lines;
}

function roundedRect(context: CanvasRenderingContext2D, node: DrawnNode, radius: number): void {
  context.beginPath();
  context.roundRect(node.x, node.y, node.width, node.height, radius);
}

/** Draws the map and encodes it as PNG. */
export function renderMindMapPng(
  nodes: readonly DrawnNode[], edges: readonly DrawnEdge[], colours: PngColours, maxSide: number,
): Promise<Blob> {
  const frame = pngFrame(nodes, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = frame.width;
  canvas.height = frame.height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('The browser gave no 2D canvas for the PNG export.'));
  context.fillStyle = colours.background;
  context.fillRect(0, 0, frame.width, frame.height);
  context.setTransform(frame.scale, 0, 0, frame.scale, -frame.left * frame.scale, -frame.top * frame.scale);

  // Edges from the bottom of the source to the top of the target, as the canvas draws them (a bezier).
  context.strokeStyle = colours.edge;
  context.lineWidth = 1.5;
  for (const { source, target } of edges) {
    const fromX = source.x + source.width / 2;
    const fromY = source.y + source.height;
    const toX = target.x + target.width / 2;
    const toY = target.y;
    const bend = Math.max(25, Math.abs(toY - fromY) / 2);
    context.beginPath();
    context.moveTo(fromX, fromY);
    context.bezierCurveTo(fromX, fromY + bend, toX, toY - bend, toX, toY);
    context.stroke();
  }

  const fontFamily = getComputedStyle(document.body).fontFamily || 'sans-serif';
  context.font = `500 14px ${fontFamily}`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const node of nodes) {
    roundedRect(context, node, 8);
    context.fillStyle = node.color ?? colours.surface;
    context.fill();
    context.strokeStyle = node.color ? 'rgb(0 0 0 / 0.15)' : colours.border;
    context.lineWidth = 1;
    context.stroke();
    // The six swatches are light: their text is dark in either theme, as on screen.
    context.fillStyle = node.color ? '#1c2420' : colours.text;
    const lines = wrap(context, node.label, node.width - 32);
    const lineHeight = 20;
    const firstY = node.y + node.height / 2 - ((lines.length - 1) * lineHeight) / 2;
    lines.forEach((line, index) => context.fillText(line, node.x + node.width / 2, firstY + index * lineHeight));
  }

  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas could not be encoded as PNG.'))), 'image/png');
  });
}
