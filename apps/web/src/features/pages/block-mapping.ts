import type { Block, BlockType } from '@grove/domain/workspace/model';

// Blocks as the HTML the editor's schema parses (Markdown pasted into a page goes in this way). The editor itself
// reads and writes the page's shared text (packages/domain/src/replica/page-blocks.ts), not HTML.

const TAGS: Record<BlockType, string> = { paragraph: 'p', heading: 'h2', todo: 'div' };

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The blocks as the editor's HTML: one element per block, its id and checked state as data attributes. */
export function blocksToHtml(blocks: readonly Block[]): string {
  return blocks.map((block) => {
    const tag = TAGS[block.type];
    const todo = block.type === 'todo' ? ` data-type="todo" data-checked="${block.checked === true}"` : '';
    return `<${tag} data-block-id="${escapeAttribute(block.id)}"${todo}>${block.content}</${tag}>`;
  }).join('');
}
