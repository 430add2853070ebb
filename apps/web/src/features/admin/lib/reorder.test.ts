import { describe, expect, it } from 'vitest';
import { reorder } from './reorder';

const items = ['a', 'b', 'c', 'd'].map((id, order) => ({ id, order }));

describe('reorder', () => {
  it('moves an item and names the items whose order changed, the moved one first', () => {
    const { items: moved, changes } = reorder(items, 0, 2);
    expect(moved.map((item) => item.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(changes).toEqual([
      { id: 'a', order: 2 },
      { id: 'b', order: 0 },
      { id: 'c', order: 1 },
    ]);
  });

  it('changes nothing for a move to the same place or off the list', () => {
    expect(reorder(items, 1, 1).changes).toEqual([]);
    expect(reorder(items, 0, -1).changes).toEqual([]);
    expect(reorder(items, 3, 4).changes).toEqual([]);
  });
});
