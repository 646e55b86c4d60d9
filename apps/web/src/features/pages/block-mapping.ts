import type { Block, BlockType } from '@grove/domain/workspace/model';
import { DOMSerializer, type Node as ProseMirrorNode, type Schema } from '@tiptap/pm/model';

// The page's blocks ⇄ the editor's document. Blocks go in as one HTML string parsed by the editor's schema (which
// keeps only its own nodes and marks), and come out one block per top-level node, the inline content serialised
// the way the schema draws it. A node that did not change since the last read is the same object, so its block is
// reused: reading a 1,000-block page after a keystroke serialises one block.

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

function blockType(node: ProseMirrorNode): BlockType {
  const name = node.type.name;
  return name === 'heading' || name === 'todo' ? name : 'paragraph';
}

export interface BlockReader {
  /** The document's blocks, in order. */
  read(doc: ProseMirrorNode): Block[];
  /**
   * Remembers the blocks the document was opened from (node i came from block i when id and type match), so the
   * first read after opening serialises only what changed and the untouched blocks stay the store's own objects.
   */
  prime(doc: ProseMirrorNode, blocks: readonly Block[]): void;
}

/** A reader for one editor: it remembers the block of every node it has read. */
export function createBlockReader(schema: Schema): BlockReader {
  const serializer = DOMSerializer.fromSchema(schema);
  const known = new WeakMap<ProseMirrorNode, Block>();
  const container = document.createElement('div');

  const inlineHtml = (node: ProseMirrorNode): string => {
    container.replaceChildren(serializer.serializeFragment(node.content));
    return container.innerHTML;
  };

  const toBlock = (node: ProseMirrorNode): Block => {
    const type = blockType(node);
    const id = String(node.attrs.blockId ?? '');
    const content = inlineHtml(node);
    return type === 'todo' ? { id, type, content, checked: node.attrs.checked === true } : { id, type, content };
  };

  return {
    prime(doc, blocks) {
      doc.forEach((node, _offset, index) => {
        const block = blocks[index];
        if (block && block.id === node.attrs.blockId && block.type === blockType(node)) known.set(node, block);
      });
    },
    read(doc) {
      const blocks: Block[] = [];
      doc.forEach((node) => {
        let block = known.get(node);
        if (!block) {
          block = toBlock(node);
          known.set(node, block);
        }
        blocks.push(block);
      });
      return blocks;
    },
  };
}

/** Whether two block lists hold the same blocks (ids, types, content, checked), whatever their objects. */
export function sameBlocks(a: readonly Block[], b: readonly Block[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((block, index) => {
    const other = b[index];
    return other !== undefined && (block === other || (block.id === other.id && block.type === other.type
      && block.content === other.content && (block.checked === true) === (other.checked === true)));
  });
}
