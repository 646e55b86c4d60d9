import { act, render, screen } from '@testing-library/react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useProjectFilter } from './use-project-filter.ts';

function ProjectFilterButtons() {
  const [filter, update] = useProjectFilter();
  return (
    <>
      <output aria-label="Filter">{`${filter.text}|${filter.status}`}</output>
      <button type="button" onClick={() => [{ text: 'launch' }, { status: 'active' } as const].forEach((change) => update(change))}>Both</button>
    </>
  );
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the projects filter in the address', () => {
  it('keep both of two changes made before either has rendered (projects)', () => {
    window.history.replaceState(null, '', '/free-project-management');
    render(<BrowserRouter><ProjectFilterButtons /></BrowserRouter>);
    act(() => screen.getByRole('button', { name: 'Both' }).click());
    expect(window.location.search).toBe('?q=launch&status=active');
    expect(screen.getByLabelText('Filter').textContent).toBe('launch|active');
  });
});
