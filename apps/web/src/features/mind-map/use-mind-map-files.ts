import { importMindMap } from '@grove/domain/mindmap/mind-map-commands';
import {
  MIND_MAP_JSON_FILE, MIND_MAP_MARKDOWN_FILE, MIND_MAP_PNG_FILE, mindMapToJson, mindMapToMarkdown, parseMindMapFile,
} from '@grove/domain/mindmap/mind-map-files';
import { PNG_MAX_SIDE } from '@grove/domain/mindmap/mind-map-layout';
import { generateId } from '@grove/domain/workspace/ids';
import { useReactFlow } from '@xyflow/react';
import { useCallback } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { downloadBlob, downloadText } from '@/lib/download.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { replaceWorkspace } from '@/lib/workspace-store/workspace-actions.ts';
import { useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import type { MindMapFlowNode } from './mind-map-node.tsx';
import { renderMindMapPng, type DrawnNode } from './mind-map-png.ts';

const cssColour = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim();

/** Export as PNG, JSON or Markdown, and import a .json file (docs/product.md, Mind map). */
export function useMindMapFiles() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();
  const flow = useReactFlow<MindMapFlowNode>();

  const exportJson = useCallback(() => {
    downloadText(MIND_MAP_JSON_FILE, mindMapToJson(store.getSnapshot().data.mindMap));
  }, [store]);

  const exportMarkdown = useCallback(() => {
    downloadText(MIND_MAP_MARKDOWN_FILE, mindMapToMarkdown(store.getSnapshot().data.mindMap), 'text/markdown');
  }, [store]);

  const exportPng = useCallback(async () => {
    try {
      // Every node, in view or not, at its drawn size (a node not measured yet gets a typical one).
      const drawn = new Map<string, DrawnNode>();
      for (const node of flow.getNodes()) {
        const { x, y } = flow.getInternalNode(node.id)?.internals.positionAbsolute ?? node.position;
        drawn.set(node.id, {
          x, y, width: node.measured?.width ?? 150, height: node.measured?.height ?? 40, label: node.data.label, color: node.data.color,
        });
      }
      const edges = flow.getEdges().flatMap(({ source, target }) => {
        const from = drawn.get(source);
        const to = drawn.get(target);
        return from && to ? [{ source: from, target: to }] : [];
      });
      const colours = {
        background: cssColour('--surface'), surface: cssColour('--surface-raised'), text: cssColour('--foreground'),
        border: cssColour('--border'), edge: cssColour('--muted-foreground'),
      };
      downloadBlob(MIND_MAP_PNG_FILE, await renderMindMapPng([...drawn.values()], edges, colours, PNG_MAX_SIDE));
    } catch (error) {
      console.error('The mind map could not be exported as PNG.', error);
      toast.error(t('mindMap.toast.pngFailed'));
    }
  }, [flow, t]);

  const importFile = useCallback(async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.json') && file.type !== 'application/json') {
      toast.error(t('mindMap.toast.invalidFormat'));
      return;
    }
    let parsed: ReturnType<typeof parseMindMapFile>;
    try {
      parsed = parseMindMapFile(await file.text(), generateId);
    } catch (error) {
      console.error('The mind map file could not be read.', error);
      toast.error(t('mindMap.toast.parseFailed'));
      return;
    }
    if (!parsed.ok) {
      if (parsed.error === 'parse') console.error('The mind map file is not JSON.');
      toast.error(t(parsed.error === 'parse' ? 'mindMap.toast.parseFailed' : 'mindMap.toast.invalidFormat'));
      return;
    }
    let entry;
    try {
      // Like the workspace import: a restore point of the current workspace first, and Undo on the toast.
      entry = await replaceWorkspace(store, 'import', importMindMap, { map: parsed.map });
    } catch (error) {
      console.error('Stopped before importing: no restore point could be taken.', error);
      toast.error(t('settings.data.restoreFailed'));
      return;
    }
    notifyDone(t('mindMap.toast.imported'), entry);
    requestAnimationFrame(() => void flow.fitView({ maxZoom: 1 }));
  }, [flow, notifyDone, store, t]);

  return { exportJson, exportMarkdown, exportPng, importFile };
}
