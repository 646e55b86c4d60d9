import { cn } from '@/components/ui/cn.ts';
import './page-icon.css';

/**
 * A page's icon: an emoji, or whatever short text the user chose. Set in the system's colour emoji font, or in
 * Grove's own copy of Noto Color Emoji where the system has none (page-icon.css, decision 074); hidden from
 * assistive technology, since the page's title says what it is.
 */
export function PageIcon({ icon, className }: { icon: string; className?: string }) {
  return <span aria-hidden className={cn('page-icon', className)}>{icon}</span>;
}
