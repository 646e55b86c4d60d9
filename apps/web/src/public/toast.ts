// The public pages' toasts (decision 075): the app's (components/ui/toaster.tsx, sonner) without React. Sonner's
// markup and attributes, so its look (toast.css) and roles carry over: a polite live region (`section`) holding a
// list (`ol[data-sonner-toaster]`) of toasts (`li[data-sonner-toast]`), bottom-right, rich colours, a close button,
// 5 s each, paused while the pointer is over them; a toast shown again with the same id is replaced, not stacked.
import './toast.css';
import { text } from './strings.ts';

export interface ToastOptions {
  /** A toast shown with the id of one still up replaces it. */
  id: string;
  type: 'info' | 'success' | 'error';
  title: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  /** Milliseconds; Infinity keeps it until closed. */
  duration?: number;
}

/** components/ui/toaster.tsx, TOAST_DURATION_MS. */
export const TOAST_DURATION_MS = 5000;
// Sonner's own numbers: width, gap, offsets, how many show stacked, and the time its leaving animation takes.
const WIDTH = 356;
const GAP = 14;
const OFFSET = '24px';
const MOBILE_OFFSET = '16px';
const VISIBLE = 3;
const REMOVE_AFTER_MS = 200;

const SVG = 'http://www.w3.org/2000/svg';
/** Sonner's icons (20 × 20, filled) and its close icon. */
const ICONS: Record<ToastOptions['type'], string> = {
  success: 'M10 18a8 8 0 100-16 8 8 0 000 16zm3.857-9.809a.75.75 0 00-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 10-1.06 1.061l2.5 2.5a.75.75 0 001.137-.089l4-5.5z',
  info: 'M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-7-4a1 1 0 11-2 0 1 1 0 012 0zM9 9a.75.75 0 000 1.5h.253a.25.25 0 01.244.304l-.459 2.066A1.75 1.75 0 0010.747 15H11a.75.75 0 000-1.5h-.253a.25.25 0 01-.244-.304l.459-2.066A1.75 1.75 0 009.253 9H9z',
  error: 'M18 10a8 8 0 11-16 0 8 8 0 0116 0zm-8-5a.75.75 0 01.75.75v4.5a.75.75 0 01-1.5 0v-4.5A.75.75 0 0110 5zm0 10a1 1 0 100-2 1 1 0 000 2z',
};

interface Shown {
  id: string;
  element: HTMLLIElement;
  duration: number;
  /** Time left when the timer was (last) started, and when that was. */
  remaining: number;
  started: number;
  timer: ReturnType<typeof setTimeout> | undefined;
}

let region: { section: HTMLElement; list: HTMLOListElement } | undefined;
/** Newest first, as sonner orders them. */
let shown: Shown[] = [];
let expanded = false;

function svg(attributes: Record<string, string>, children: ReadonlyArray<[string, Record<string, string>]>): SVGSVGElement {
  const element = document.createElementNS(SVG, 'svg');
  for (const [name, value] of Object.entries({ xmlns: SVG, 'aria-hidden': 'true', ...attributes })) element.setAttribute(name, value);
  for (const [tag, childAttributes] of children) {
    const child = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(childAttributes)) child.setAttribute(name, value);
    element.append(child);
  }
  return element;
}

const theme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

function ensureRegion(): { section: HTMLElement; list: HTMLOListElement } {
  if (region?.section.isConnected) return region;
  shown = [];
  expanded = false;
  const section = document.createElement('section');
  // Sonner names the region with its hotkey (Alt+T) appended.
  section.setAttribute('aria-label', `${text('toast.region')} alt+T`);
  section.tabIndex = -1;
  section.setAttribute('aria-live', 'polite');
  section.setAttribute('aria-relevant', 'additions text');
  section.setAttribute('aria-atomic', 'false');
  const list = document.createElement('ol');
  list.dir = 'ltr';
  list.tabIndex = -1;
  list.setAttribute('data-sonner-toaster', '');
  list.dataset.yPosition = 'bottom';
  list.dataset.xPosition = 'right';
  list.style.setProperty('--width', `${WIDTH}px`);
  list.style.setProperty('--gap', `${GAP}px`);
  for (const side of ['top', 'right', 'bottom', 'left']) {
    list.style.setProperty(`--offset-${side}`, OFFSET);
    list.style.setProperty(`--mobile-offset-${side}`, MOBILE_OFFSET);
  }
  // Hovering the stack spreads it out and holds every toast's timer, as sonner does.
  list.addEventListener('mouseenter', () => setExpanded(true));
  list.addEventListener('mouseleave', () => setExpanded(false));
  list.addEventListener('focusin', () => setExpanded(true));
  list.addEventListener('focusout', (event) => {
    if (!list.contains(event.relatedTarget as Node | null)) setExpanded(false);
  });
  section.append(list);
  document.body.append(section);
  // The theme can change while a toast is up (another tab, the system's).
  new MutationObserver(() => (list.dataset.sonnerTheme = theme())).observe(document.documentElement, { attributeFilter: ['class'] });
  region = { section, list };
  return region;
}

function setExpanded(value: boolean): void {
  expanded = value;
  for (const toast of shown) {
    if (value) pause(toast);
    else resume(toast);
  }
  layout();
}

function pause(toast: Shown): void {
  if (toast.timer === undefined) return;
  clearTimeout(toast.timer);
  toast.timer = undefined;
  toast.remaining -= Date.now() - toast.started;
}

function resume(toast: Shown): void {
  if (toast.timer !== undefined || !Number.isFinite(toast.remaining)) return;
  toast.started = Date.now();
  toast.timer = setTimeout(() => dismissToast(toast.id), Math.max(0, toast.remaining));
}

/** Each toast's place in the stack: sonner's custom properties and data attributes. */
function layout(): void {
  if (!region) return;
  region.list.dataset.sonnerTheme = theme();
  const heights = shown.map((toast) => toast.element.getBoundingClientRect().height);
  region.list.style.setProperty('--front-toast-height', `${heights[0] ?? 0}px`);
  let offset = 0;
  shown.forEach((toast, index) => {
    const { element } = toast;
    element.dataset.index = String(index);
    element.dataset.front = String(index === 0);
    element.dataset.visible = String(index < VISIBLE);
    element.dataset.expanded = String(expanded);
    element.style.setProperty('--index', String(index));
    element.style.setProperty('--toasts-before', String(index));
    element.style.setProperty('--z-index', String(shown.length - index));
    element.style.setProperty('--offset', `${offset}px`);
    element.style.setProperty('--initial-height', `${heights[index] ?? 0}px`);
    offset += (heights[index] ?? 0) + GAP;
  });
}

function fillToast(element: HTMLLIElement, options: ToastOptions): void {
  element.dataset.type = options.type;
  const close = document.createElement('button');
  close.setAttribute('aria-label', text('toast.close'));
  close.setAttribute('data-close-button', 'true');
  close.setAttribute('data-disabled', 'false');
  close.append(svg(
    { width: '12', height: '12', viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', 'stroke-width': '1.5', 'stroke-linecap': 'round', 'stroke-linejoin': 'round' },
    [['line', { x1: '18', y1: '6', x2: '6', y2: '18' }], ['line', { x1: '6', y1: '6', x2: '18', y2: '18' }]],
  ));
  close.addEventListener('click', () => dismissToast(options.id));
  const icon = document.createElement('div');
  icon.setAttribute('data-icon', '');
  icon.append(svg({ viewBox: '0 0 20 20', fill: 'currentColor', height: '20', width: '20' }, [['path', { 'fill-rule': 'evenodd', d: ICONS[options.type], 'clip-rule': 'evenodd' }]]));
  const content = document.createElement('div');
  content.setAttribute('data-content', '');
  const title = document.createElement('div');
  title.setAttribute('data-title', '');
  title.textContent = options.title;
  content.append(title);
  if (options.description) {
    const description = document.createElement('div');
    description.setAttribute('data-description', '');
    description.textContent = options.description;
    content.append(description);
  }
  element.replaceChildren(close, icon, content);
  const action = options.action;
  if (action) {
    const button = document.createElement('button');
    button.setAttribute('data-button', 'true');
    button.setAttribute('data-action', 'true');
    button.textContent = action.label;
    button.addEventListener('click', () => {
      action.onClick();
      dismissToast(options.id);
    });
    element.append(button);
  }
}

/** Shows a toast, or replaces the one up with the same id (its content, and its time starts again). */
export function showToast(options: ToastOptions): void {
  const { list } = ensureRegion();
  const duration = options.duration ?? TOAST_DURATION_MS;
  const existing = shown.find((toast) => toast.id === options.id && toast.element.dataset.removed !== 'true');
  if (existing) {
    clearTimeout(existing.timer);
    existing.timer = undefined;
    fillToast(existing.element, options);
    existing.duration = duration;
    existing.remaining = duration;
    if (!expanded) resume(existing);
    layout();
    return;
  }
  const element = document.createElement('li');
  element.tabIndex = 0;
  element.setAttribute('data-sonner-toast', '');
  for (const [name, value] of Object.entries({
    richColors: 'true', styled: 'true', mounted: 'false', promise: 'false', swiped: 'false', removed: 'false',
    yPosition: 'bottom', xPosition: 'right', swiping: 'false', dismissible: 'true', invert: 'false', swipeOut: 'false',
  })) element.dataset[name] = value;
  fillToast(element, options);
  list.prepend(element);
  const toast: Shown = { id: options.id, element, duration, remaining: duration, started: Date.now(), timer: undefined };
  shown.unshift(toast);
  layout();
  // Mounted a frame later, so it slides in from below as sonner's does.
  requestAnimationFrame(() => {
    element.dataset.mounted = 'true';
    layout();
  });
  if (!expanded) resume(toast);
}

/** Closes the toast with this id, if one is up. */
export function dismissToast(id: string): void {
  const toast = shown.find((entry) => entry.id === id && entry.element.dataset.removed !== 'true');
  if (!toast) return;
  clearTimeout(toast.timer);
  toast.timer = undefined;
  toast.element.dataset.removed = 'true';
  setTimeout(() => {
    toast.element.remove();
    shown = shown.filter((entry) => entry !== toast);
    if (shown.length === 0) expanded = false;
    layout();
  }, REMOVE_AFTER_MS);
}
