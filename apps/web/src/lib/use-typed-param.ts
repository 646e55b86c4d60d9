import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';

interface Typed {
  /** What the field shows. */
  value: string;
  /** The address's value last seen. */
  seen: string;
  /** Values this hook typed that the address has not shown yet, oldest first. */
  pending: readonly string[];
}

/** Typed values waiting for the address at most (a field whose navigations never land must not grow this). */
const PENDING_MAX = 100;

/**
 * The value of a text field kept in the address (`?q=`): the field shows what was typed at once, and the address
 * follows. React Router's navigations are transitions, so a field that read the address itself was rendered with
 * the value before the last key while that key's navigation was under way, and a fast typist lost keys ('abcdefghij'
 * became 'aj'). A change of the address this field did not type (Back, a link) replaces what it shows. The caller
 * writes the address as before; `typed` notes each value first.
 */
export function useTypedParam(key: string): [value: string, typed: (value: string) => void] {
  const [params] = useSearchParams();
  const fromAddress = params.get(key) ?? '';
  const [state, setState] = useState<Typed>({ value: fromAddress, seen: fromAddress, pending: [] });
  let current = state;
  if (fromAddress !== state.seen) {
    const index = state.pending.indexOf(fromAddress);
    current = index >= 0
      ? { value: state.value, seen: fromAddress, pending: state.pending.slice(index + 1) }
      : { value: fromAddress, seen: fromAddress, pending: [] };
    setState(current);
  }
  const typed = useCallback((value: string) => {
    setState((previous) => ({ ...previous, value, pending: [...previous.pending, value].slice(-PENDING_MAX) }));
  }, [setState]);
  return [current.value, typed];
}
