import { afterEach, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/dates.ts';
import { enhanceLocalDates } from './local-dates.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('dates on a server-rendered page', () => {
  it('are written in the reader\'s zone and style; a value that is not a date is left as the server wrote it', () => {
    const value = '2026-03-05T23:30:00.000Z';
    document.body.innerHTML = `<time datetime="${value}" data-date-style="list">UTC list</time>`
      + `<time datetime="${value}" data-date-style="long">UTC long</time><time datetime="soon" data-date-style="list">kept</time>`
      + '<time datetime="2026-01-01">not ours</time>';
    enhanceLocalDates(document);
    const times = [...document.querySelectorAll('time')].map((time) => time.textContent);
    expect(times).toEqual([formatDate(value, 'list'), formatDate(value, 'long'), 'kept', 'not ours']);
  });
});
