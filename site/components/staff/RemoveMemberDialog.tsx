import type { StaffTeamMember } from '../../../shared/api/staff.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

interface Props {
  member: StaffTeamMember;
  /** Whether the admin is removing themselves. */
  self: boolean;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Removing a member asks once more, and says what it does. */
export function RemoveMemberDialog({ member, self, busy, error, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      id="remove"
      title={`Remove ${member.email}?`}
      description={
        self
          ? 'You are signed out at once and cannot sign in again unless an admin adds you back.'
          : 'They are signed out at once, on every device, and cannot sign in again unless an admin adds them back.'
      }
      keepLabel={`Keep ${self ? 'me' : 'them'}`}
      confirmLabel="Remove"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
