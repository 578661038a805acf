import { useEffect, useRef } from 'react';

/** The board's keys, as the help lists them. */
export const SHORTCUTS: readonly (readonly [keys: string, what: string])[] = [
  ['← ↑ → ↓', 'Pick a ticket'],
  ['Enter', 'Move the ticket on: accept, ready, picked up or delivered'],
  ['U', 'Undo the last move (within 30 seconds)'],
  ['P', 'Print the ticket'],
  ['?', 'Show these keys'],
  ['Escape', 'Close this help or a dialog'],
];

/** The keyboard help: a modal dialog ('?' opens it, Escape or the button closes it). */
export function HelpDialog({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);
  return (
    <dialog ref={dialog} className="cancel-dialog help-dialog" aria-labelledby="help-title" onClose={onClose}>
      <h2 id="help-title">Keyboard shortcuts</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Tap an item on an accepted ticket to strike it done; tap the order's name for more.</p>
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
