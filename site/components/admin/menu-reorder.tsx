/**
 * A list whose order the owner changes without dragging: each row has Move up and Move down
 * buttons, and a focused row moves with Alt+ArrowUp and Alt+ArrowDown. Focus stays on the row
 * (or the button) that moved, and the screen's status line says where it went.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Direction } from './menu-api.ts';

export interface ReorderEntry {
  id: string;
  label: string;
}

interface Props<E extends ReorderEntry> {
  entries: readonly E[];
  /** What the list holds, for its name: 'Categories'. */
  label: string;
  readOnly: boolean;
  onMove: (entry: E, direction: Direction) => Promise<boolean>;
  children: (entry: E) => ReactNode;
}

export function ReorderList<E extends ReorderEntry>({ entries, label, readOnly, onMove, children }: Props<E>) {
  const listRef = useRef<HTMLOListElement>(null);
  /** After a move: the row to focus again, and whether its row (not a button) had the focus. */
  const refocus = useRef<{ id: string; selector: string } | null>(null);

  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const row = listRef.current?.querySelector<HTMLElement>(`[data-entry="${CSS.escape(wanted.id)}"]`);
    const target = wanted.selector ? row?.querySelector<HTMLElement>(wanted.selector) : row;
    (target && !(target as HTMLButtonElement).disabled ? target : row)?.focus();
  });

  async function move(entry: E, direction: Direction, selector: string) {
    if (await onMove(entry, direction)) refocus.current = { id: entry.id, selector };
  }

  function onKeyDown(event: KeyboardEvent<HTMLLIElement>, entry: E, index: number) {
    if (readOnly || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    const direction = event.key === 'ArrowUp' ? 'up' : 'down';
    if ((direction === 'up' && index === 0) || (direction === 'down' && index === entries.length - 1)) return;
    void move(entry, direction, '');
  }

  return (
    <ol className="menu-reorder" aria-label={label} ref={listRef}>
      {entries.map((entry, index) => (
        // The row takes focus so Alt+Arrow moves it; its buttons do the same for pointer and touch.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <li
          key={entry.id}
          data-entry={entry.id}
          tabIndex={readOnly ? undefined : 0}
          aria-label={
            readOnly ? undefined : `${entry.label}, ${index + 1} of ${entries.length}. Alt+Arrow keys move it.`
          }
          onKeyDown={(event) => onKeyDown(event, entry, index)}
        >
          <div className="menu-reorder-body">{children(entry)}</div>
          {!readOnly && (
            <div className="menu-reorder-moves">
              <button
                type="button"
                data-move="up"
                disabled={index === 0}
                onClick={() => void move(entry, 'up', '[data-move="up"]')}
              >
                Move up <span className="visually-hidden">{entry.label}</span>
              </button>
              <button
                type="button"
                data-move="down"
                disabled={index === entries.length - 1}
                onClick={() => void move(entry, 'down', '[data-move="down"]')}
              >
                Move down <span className="visually-hidden">{entry.label}</span>
              </button>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

/** The status line's words after a move: 'Tacos moved to 2 of 9.' */
export const movedText = (label: string, position: number, of: number) => `${label} moved to ${position} of ${of}.`;
