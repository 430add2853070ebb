import { describe, expect, it } from 'vitest';
import { parseEventStream } from './ai';

describe('reading server-sent events', () => {
  it('splits whole events and keeps a partial one for the next chunk', () => {
    const { events, rest } = parseEventStream('event: start\ndata: {"a":1}\n\n: a comment\n\nevent: delta\r\ndata: {"text":"Hel\r\n\r\nevent: delta\ndata: {"te');
    expect(events).toEqual([
      { event: 'start', data: '{"a":1}' },
      { event: 'delta', data: '{"text":"Hel' },
    ]);
    expect(rest).toBe('event: delta\ndata: {"te');
  });

  it('joins the data lines of one event', () => {
    expect(parseEventStream('data: one\ndata: two\n\n').events).toEqual([{ event: 'message', data: 'one\ntwo' }]);
  });
});
