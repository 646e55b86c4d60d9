import { renameMindMapNode } from '@grove/domain/mindmap/mind-map-commands';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { createContext, memo, useContext, useEffect, useRef, useState, type KeyboardEvent, type CSSProperties } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { useCommitAsTyped } from '@/lib/workspace-store/use-commit-as-typed.ts';

export interface MindMapNodeData extends Record<string, unknown> {
  label: string;
  /** One of the six swatches, or undefined for the theme's own surface. */
  color: string | undefined;
}

export type MindMapFlowNode = Node<MindMapNodeData, 'customText'>;

/** Which node's label is being edited, and what to do when editing ends (the canvas owns it). */
export interface LabelEditing {
  readonly editingId: string | null;
  readonly start: (id: string) => void;
  /** The label is kept or put back: the node takes the keyboard again. */
  readonly end: (id: string) => void;
}

export const LabelEditingContext = createContext<LabelEditing>({ editingId: null, start: () => {}, end: () => {} });

/**
 * The label in place. It is committed as typed (decision 064): a reload or a closed tab keeps what was typed, and
 * Enter or leaving the field makes the edit one undo step; Escape puts the label from before back.
 */
function LabelInput({ id, label }: { id: string; label: string }) {
  const { t } = useTranslation();
  const { end } = useContext(LabelEditingContext);
  const typed = useCommitAsTyped(renameMindMapNode, (text) => ({ id, label: text }), label);
  const [text, setText] = useState(label);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);

  // A node just made is hidden until React Flow has measured it, and a hidden field cannot take focus: try again
  // on the next frames until it has it.
  useEffect(() => {
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const field = input.current;
      if (!field) return;
      field.focus();
      field.select();
      if (document.activeElement !== field && tries < 60) {
        tries += 1;
        frame = requestAnimationFrame(attempt);
      }
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  }, []);

  const finish = (keep: boolean) => {
    if (done.current) return;
    done.current = true;
    typed.finish(keep ? text : null);
    end(id);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys typed here are the label's, not the canvas's shortcuts.
    event.stopPropagation();
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      finish(false);
    }
  };
  return (
    <input
      ref={input}
      aria-label={t('mindMap.node.label')}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        typed.type(event.target.value);
      }}
      onKeyDown={keyDown}
      onBlur={() => finish(true)}
      className="nodrag nopan w-full min-w-24 bg-transparent text-center outline-none"
    />
  );
}

/** A mind-map idea: its label on the chosen colour; double-click (or F2) edits the label in place. */
export const MindMapNodeView = memo(function MindMapNodeView({ id, data, selected }: NodeProps<MindMapFlowNode>) {
  const { editingId, start } = useContext(LabelEditingContext);
  const editing = editingId === id;
  return (
    <div
      onDoubleClick={() => start(id)}
      // The six swatches are light colours (the stored value, the spec's): in the light theme the node is that colour
      // with dark text; in the dark theme a pale block would glare, so the node is the dark surface tinted with it,
      // edged in it, with the theme's text.
      style={data.color ? ({ '--node-color': data.color } as CSSProperties) : undefined}
      className={cn(
        'mind-map-node max-w-64 min-w-28 rounded-lg border px-4 py-2 text-center text-sm font-medium break-words shadow-node',
        data.color
          ? 'border-black/15 bg-(--node-color) text-[#1c2420] dark:border-(--node-color)/70 dark:bg-[color-mix(in_srgb,var(--node-color)_26%,var(--surface-raised))] dark:text-foreground'
          : 'border-border bg-surface-raised text-foreground',
        selected && 'outline-2 outline-offset-2 outline-ring',
      )}
    >
      <Handle type="target" position={Position.Top} className="mind-map-handle" />
      {editing ? <LabelInput id={id} label={data.label} /> : <span className="whitespace-pre-wrap">{data.label}</span>}
      <Handle type="source" position={Position.Bottom} className="mind-map-handle" />
    </div>
  );
});

export const NODE_TYPES = { customText: MindMapNodeView };
