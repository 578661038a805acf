import { useEffect, useRef } from 'react';
import type { StaffTeamMember } from '../../../shared/api/staff.ts';

interface Props {
  member: StaffTeamMember;
  /** Whether the admin is removing themselves. */
  self: boolean;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}

/** Removing a member asks once more, and says what it does. A modal dialog: Escape closes it. */
export function RemoveMemberDialog({ member, self, busy, error, onConfirm, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  return (
    <dialog ref={dialog} className="cancel-dialog" aria-labelledby="remove-title" aria-describedby="remove-what" onClose={onClose}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <h2 id="remove-title">Remove {member.email}?</h2>
        <p id="remove-what">
          {self
            ? 'You are signed out at once and cannot sign in again unless an admin adds you back.'
            : 'They are signed out at once, on every device, and cannot sign in again unless an admin adds them back.'}
        </p>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Keep {self ? 'me' : 'them'}
          </button>
          <button type="submit" className="staff-danger" disabled={busy}>
            Remove
          </button>
        </div>
      </form>
    </dialog>
  );
}
