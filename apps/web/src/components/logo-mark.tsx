/** Grove's logo mark: a leaf on a rounded square. Decorative; the product name stands beside it. */
export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path d="M16 6c-4.4 3.2-6.5 6.6-6.5 10a6.5 6.5 0 0 0 13 0C22.5 12.6 20.4 9.2 16 6z" className="fill-primary-foreground" />
      <path d="M16 12v14" className="stroke-primary" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
