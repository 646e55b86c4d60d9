import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLIENT_LOG_PER_MINUTE, ClientMistakeLog, withoutStack } from './client-log.ts';

describe('the log of client mistakes', () => {
  it('logs at most CLIENT_LOG_PER_MINUTE a minute per kind, then says how many it left out', () => {
    const lines: Array<[Record<string, unknown>, string]> = [];
    const warn = (details: Record<string, unknown>, message: string) => lines.push([details, message]);
    const log = { warn } as unknown as FastifyBaseLogger;
    let now = 0;
    const mistakes = new ClientMistakeLog(log, () => now);
    for (let i = 0; i < 25; i += 1) mistakes.warn('host', 'bad host');
    mistakes.warn('websocket', 'bad frame');
    expect(lines.filter(([details]) => details.kind === 'host')).toHaveLength(CLIENT_LOG_PER_MINUTE);
    expect(lines.filter(([details]) => details.kind === 'websocket')).toHaveLength(1);
    now += 60_000;
    mistakes.warn('host', 'bad host');
    expect(lines.at(-2)).toEqual([{ kind: 'host', left: 15 }, '15 more client mistakes of this kind were not logged']);
    expect(lines.at(-1)).toEqual([{ kind: 'host' }, 'bad host']);
  });

  it('keeps an error\'s code and message, never its stack', () => {
    const error = Object.assign(new RangeError('Invalid WebSocket frame: invalid UTF-8 sequence'), { code: 'WS_ERR_INVALID_UTF8' });
    expect(withoutStack(error)).toEqual({ code: 'WS_ERR_INVALID_UTF8', message: 'Invalid WebSocket frame: invalid UTF-8 sequence' });
  });
});
