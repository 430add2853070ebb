import { describe, expect, it } from 'vitest';
import { diffValues, formatValue, prettyJson } from './audit-diff';

describe('an audit entry’s changes', () => {
  it('lists the fields that changed, to any depth, and leaves the rest out', () => {
    const before = { name: 'Harbour', status: 1, settings: { bulletin: true, localRadius: 50000 }, tags: ['a'] };
    const after = { name: 'Harbour Daily', status: 1, settings: { bulletin: false, localRadius: 50000 }, tags: ['a', 'b'] };
    expect(diffValues(before, after)).toEqual([
      { path: 'name', kind: 'changed', before: 'Harbour', after: 'Harbour Daily' },
      { path: 'settings.bulletin', kind: 'changed', before: true, after: false },
      { path: 'tags', kind: 'changed', before: ['a'], after: ['a', 'b'] },
    ]);
  });

  it('shows every field as added for a create and as removed for a delete', () => {
    expect(diffValues(null, { role: 1, email: 'mo@example.com' })).toEqual([
      { path: 'role', kind: 'added', before: undefined, after: 1 },
      { path: 'email', kind: 'added', before: undefined, after: 'mo@example.com' },
    ]);
    expect(diffValues({ role: 0 }, null)).toEqual([{ path: 'role', kind: 'removed', before: 0, after: undefined }]);
  });

  it('tells a field set to null from one that was not there, and compares values that are not objects', () => {
    expect(diffValues({ revokedAt: null }, { revokedAt: '2026-11-26T10:00:00.000Z', prefix: 'nr_ab' })).toEqual([
      { path: 'revokedAt', kind: 'changed', before: null, after: '2026-11-26T10:00:00.000Z' },
      { path: 'prefix', kind: 'added', before: undefined, after: 'nr_ab' },
    ]);
    expect(diffValues(3, 4)).toEqual([{ path: '', kind: 'changed', before: 3, after: 4 }]);
    expect(diffValues({ a: 1 }, { a: 1 })).toEqual([]);
  });

  it('writes values as text', () => {
    expect(formatValue('Harbour')).toBe('Harbour');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(['a', 1])).toBe('["a",1]');
    expect(formatValue(undefined)).toBe('');
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('null');
  });
});
