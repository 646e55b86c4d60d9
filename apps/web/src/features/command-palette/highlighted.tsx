import { highlightParts } from '@grove/domain/search/search-text';

/** Text with the words a search matched marked. */
export function Highlighted({ text, matched }: { text: string; matched: ReadonlySet<string> }) {
  return (
    <>
      {highlightParts(text, matched).map((part, index) => (part.match
        ? <mark key={index} className="rounded-sm bg-primary/20 px-0.5 text-foreground">{part.text}</mark>
        : part.text))}
    </>
  );
}
