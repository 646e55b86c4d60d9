import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate, useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useTypedParam } from './use-typed-param.ts';

function Field() {
  const [, setParams] = useSearchParams();
  const [value, typed] = useTypedParam('q');
  const navigate = useNavigate();
  return (
    <>
      <button type="button" onClick={() => void navigate('/board?q=other')}>Other</button>
      <button type="button" onClick={() => void navigate('/board')}>None</button>
      <input
        aria-label="Search"
        value={value}
        onChange={(event) => {
          typed(event.target.value);
          setParams({ q: event.target.value }, { replace: true });
        }}
      />
    </>
  );
}

describe('useTypedParam', () => {
  it('shows every key typed, keeps the address in step, and takes a change of the address it did not make', () => {
    render(<MemoryRouter initialEntries={['/board?q=a']}><Field /></MemoryRouter>);
    const field = screen.getByLabelText<HTMLInputElement>('Search');
    expect(field.value).toBe('a');
    for (const value of ['ab', 'abc', 'abcd']) fireEvent.change(field, { target: { value } });
    expect(field.value).toBe('abcd');
    act(() => screen.getByRole('button', { name: 'Other' }).click());
    expect(field.value).toBe('other');
    act(() => screen.getByRole('button', { name: 'None' }).click());
    expect(field.value).toBe('');
  });
});
