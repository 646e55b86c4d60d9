import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from './ui/button-styles.ts';

/** A quiet 'back' link with its arrow (Home, Back to Blog, Back to the site), aligned with the text below it. */
export function BackLink({ to, label, className }: { to: string; label: string; className?: string }) {
  return (
    <Link to={to} className={buttonStyles('ghost', 'sm', `-ml-3 ${className ?? ''}`.trim())}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {label}
    </Link>
  );
}
