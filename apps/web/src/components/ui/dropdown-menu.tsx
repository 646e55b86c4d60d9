import { DropdownMenu as RadixMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn.ts';

// A menu of actions (Radix: arrow keys move, Enter/Space choose, Escape closes and focus returns to the trigger).

export const Menu = RadixMenu.Root;
export const MenuTrigger = RadixMenu.Trigger;
export const MenuSub = RadixMenu.Sub;

const panel = 'z-50 min-w-44 rounded-lg border border-border bg-surface-raised p-1 text-sm shadow-card';
const itemBase =
  'flex cursor-default select-none items-center gap-2 rounded-md px-2.5 py-2 outline-none '
  + 'data-[highlighted]:bg-muted data-[disabled]:pointer-events-none data-[disabled]:opacity-50';

export function MenuContent({ className, children, ...props }: ComponentProps<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content sideOffset={4} collisionPadding={8} {...props} className={cn(panel, className)}>
        {children}
      </RadixMenu.Content>
    </RadixMenu.Portal>
  );
}

export function MenuItem({ className, destructive, ...props }: ComponentProps<typeof RadixMenu.Item> & { destructive?: boolean }) {
  return <RadixMenu.Item {...props} className={cn(itemBase, destructive && 'text-danger', className)} />;
}

export function MenuSubTrigger({ className, children, ...props }: ComponentProps<typeof RadixMenu.SubTrigger>) {
  return (
    <RadixMenu.SubTrigger {...props} className={cn(itemBase, 'data-[state=open]:bg-muted', className)}>
      {children}
    </RadixMenu.SubTrigger>
  );
}

export function MenuSubContent({ className, children, ...props }: ComponentProps<typeof RadixMenu.SubContent>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.SubContent sideOffset={4} collisionPadding={8} {...props} className={cn(panel, className)}>
        {children}
      </RadixMenu.SubContent>
    </RadixMenu.Portal>
  );
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-2.5 py-1.5 text-xs font-medium text-muted-foreground">{children}</RadixMenu.Label>;
}

export function MenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-border" />;
}
