import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DragIndicatorRounded from '@mui/icons-material/DragIndicatorRounded';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What an item's row gets to move itself: a drag handle and buttons that move it one place. */
export interface ReorderControls {
  handle: ReactNode;
  moveButtons: ReactNode;
}

export interface SortableListProps<T extends { id: string }> {
  items: readonly T[];
  /** What each item is called in announcements and button names ("Question 2: Your age?"). */
  nameOf: (item: T, index: number) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number, controls: ReorderControls) => ReactNode;
  disabled?: boolean;
  /** The list's accessible name. */
  label: string;
}

function SortableRow<T extends { id: string }>({
  item,
  index,
  count,
  name,
  onMove,
  renderItem,
  disabled,
}: {
  item: T;
  index: number;
  count: number;
  name: string;
  onMove: (from: number, to: number) => void;
  renderItem: SortableListProps<T>['renderItem'];
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.id, disabled });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      size="small"
      aria-label={t('adminPolls.reorder.handle', { name })}
      disabled={disabled}
      {...attributes}
      {...listeners}
      sx={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
    >
      <DragIndicatorRounded fontSize="small" />
    </IconButton>
  );
  const moveButtons = (
    <Stack direction="row">
      <IconButton
        size="small"
        title={t('adminPolls.reorder.up')}
        aria-label={t('adminPolls.reorder.upNamed', { name })}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUpwardRounded fontSize="small" />
      </IconButton>
      <IconButton
        size="small"
        title={t('adminPolls.reorder.down')}
        aria-label={t('adminPolls.reorder.downNamed', { name })}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDownwardRounded fontSize="small" />
      </IconButton>
    </Stack>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 }}
    >
      {renderItem(item, index, { handle, moveButtons })}
    </li>
  );
}

/**
 * A list whose items are put in order by dragging their handle (pointer or touch), by the handle
 * with the keyboard (Space to lift, arrows to move, Space to drop, Escape to cancel; dnd-kit's
 * keyboard sensor), or one place at a time with the up and down buttons.
 */
export function SortableList<T extends { id: string }>({ items, nameOf, onMove, renderItem, disabled = false, label }: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = items.map((item) => item.id);
  const accessibility = useMemo(() => {
    const indexOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id);
    const named = (id: UniqueIdentifier) => {
      const index = indexOf(id);
      const item = items[index];
      return item ? nameOf(item, index) : String(id);
    };
    const position = (id: UniqueIdentifier | undefined) => String(indexOf(id) + 1);
    const announcements: Announcements = {
      onDragStart: ({ active }) => t('adminPolls.reorder.picked', { name: named(active.id), position: position(active.id), count: items.length }),
      onDragOver: ({ active, over }) => (over ? t('adminPolls.reorder.over', { name: named(active.id), position: position(over.id), count: items.length }) : undefined),
      onDragEnd: ({ active, over }) => (over ? t('adminPolls.reorder.dropped', { name: named(active.id), position: position(over.id), count: items.length }) : undefined),
      onDragCancel: ({ active }) => t('adminPolls.reorder.cancelled', { name: named(active.id) }),
    };
    return { announcements, screenReaderInstructions: { draggable: t('adminPolls.reorder.instructions') } };
  }, [items, nameOf, t]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Stack component="ul" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              item={item}
              index={index}
              count={items.length}
              name={nameOf(item, index)}
              onMove={onMove}
              renderItem={renderItem}
              disabled={disabled}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
