import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn.ts';

interface SettingsCardProps {
  id: string;
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}

export function SettingsCard({ id, title, description, tone = 'default', children }: SettingsCardProps) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn('rounded-xl border bg-surface p-6 shadow-card', tone === 'danger' ? 'border-danger/50' : 'border-border')}
    >
      <h2 id={`${id}-heading`} className={cn('text-lg font-semibold', tone === 'danger' && 'text-danger')}>{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
