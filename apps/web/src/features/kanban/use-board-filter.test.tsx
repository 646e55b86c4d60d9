import { act, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useBoardFilter } from './use-board-filter.ts';

function BoardFilterButtons() {
  const [filter, update] = useBoardFilter();
  return (
    <>
      <output aria-label="Filter">{`${filter.text}|${filter.priority}|${filter.tag}`}</output>
      {/* Two changes in one event: the second is made before the first has rendered. */}
      <button type="button" onClick={() => [{ priority: 'high' } as const, { tag: 'code' }].forEach((change) => update(change))}>Both</button>
      <button type="button" onClick={() => [{ text: 'sprint' }, { priority: 'all' } as const].forEach((change) => update(change))}>Text then priority</button>
    </>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the board filter in the address', () => {
  it('keep both of two changes made before either has rendered (board)', () => {
    window.history.replaceState(null, '', '/kanban-board?priority=low');
    render(<BrowserRouter><BoardFilterButtons /></BrowserRouter>);
    act(() => screen.getByRole('button', { name: 'Both' }).click());
    expect(new URLSearchParams(window.location.search).get('priority')).toBe('high');
    expect(new URLSearchParams(window.location.search).get('tag')).toBe('code');
    expect(screen.getByLabelText('Filter').textContent).toBe('|high|code');
    act(() => screen.getByRole('button', { name: 'Text then priority' }).click());
    expect(window.location.search).toBe('?tag=code&q=sprint');
    expect(screen.getByLabelText('Filter').textContent).toBe('sprint|all|code');
  });
});
