import { Search } from 'lucide-react';
import { useId } from 'react';
import { cn } from './cn.ts';
import { inputStyles } from './field-styles.ts';

interface SearchFieldProps {
  /** The field's accessible name (visually hidden; the placeholder shows the intent). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}

/** A search box with its icon; the browser's own clear button is hidden (the screens offer Clear filters). */
export function SearchField({ label, placeholder, value, onChange, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" />
      <label htmlFor={id} className="sr-only">{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className={inputStyles('pl-9 [&::-webkit-search-cancel-button]:appearance-none')}
      />
    </div>
  );
}
