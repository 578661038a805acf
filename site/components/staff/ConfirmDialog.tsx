import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** Names the dialog (its heading's id is derived from it). */
  id: string;
  title: string;
  /** What the action does, read out with the title. */
  description: ReactNode;
  /** Fields between the description and the buttons. */
  children?: ReactNode;
  keepLabel: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null | undefined;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * A step that cannot be undone asks once more and says what it does: a modal dialog (Escape and
 * the keep button close it), the heading and description announced, an error in an alert.
 */
export function ConfirmDialog({
  id,
  title,
  description,
  children,
  keepLabel,
  confirmLabel,
  busy,
  error,
  onConfirm,
  onClose,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog
      ref={dialog}
      className="cancel-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-what`}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-what`}>{description}</p>
        {children}
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            {keepLabel}
          </button>
          <button type="submit" className="staff-danger" disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
