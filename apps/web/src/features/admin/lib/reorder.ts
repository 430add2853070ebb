/** An item's new place: PUT {order} for it. */
export interface OrderChange {
  id: string;
  order: number;
}

/**
 * Moves the item at `from` to `to`, and says which items' `order` must change for that: the moved
 * item first (a server that shifts the others on its own is then done), then every other item
 * whose place changed (a server that only sets the one number is done after them all).
 */
export function reorder<T extends { id: string; order: number }>(items: readonly T[], from: number, to: number): { items: T[]; changes: OrderChange[] } {
  const moved = items[from];
  if (!moved || from === to || to < 0 || to >= items.length) return { items: [...items], changes: [] };
  const next = [...items];
  next.splice(from, 1);
  next.splice(to, 0, moved);
  const renumbered = next.map((item, index) => ({ ...item, order: index }));
  const changes = renumbered
    .filter((item) => items.find((old) => old.id === item.id)?.order !== item.order)
    .map(({ id, order }) => ({ id, order }))
    .sort((a, b) => (a.id === moved.id ? -1 : b.id === moved.id ? 1 : 0));
  return { items: renumbered, changes };
}

/** Items by their `order`, then as given. */
export function byOrder<T extends { order: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.order - b.order);
}
