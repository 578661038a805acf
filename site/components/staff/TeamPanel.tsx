import { useCallback, useEffect, useState } from 'react';
import type { InviteAnswer, StaffRoleName, StaffTeamMember } from '../../../shared/api/staff.ts';
import { LOADING } from '../../../shared/api/messages.ts';
import { RemoveMemberDialog } from './RemoveMemberDialog.tsx';
import type { StaffApi } from './staff-api.ts';
import type { StaffSession } from './staff-session.ts';
import { timeText } from './order-text.ts';
import { useSubmit } from './use-submit.ts';

interface Props {
  api: StaffApi;
  session: StaffSession;
}

const ROLE_NAME: Record<StaffRoleName, string> = { admin: 'Admin', staff: 'Staff' };

/**
 * Admins add a member (or give one who forgot a new link): the server answers a one-time link to
 * /staff/?set-password=…, valid 48 hours (a newer link voids it), which the admin hands over in
 * person or by message. Below, the team: each member's role, a button to make them admin or
 * staff, and Remove after a confirmation. Changes count from the member's next call.
 */
export function TeamPanel({ api, session }: Props) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRoleName>('staff');
  const [invite, setInvite] = useState<InviteAnswer | null>(null);
  const [members, setMembers] = useState<StaffTeamMember[] | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [removing, setRemoving] = useState<StaffTeamMember | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      session
        .run((token) => api.team(token))
        .then(
          (team) => setMembers(team.members),
          (failure: Error) => setListError(failure.message),
        ),
    [api, session],
  );
  useEffect(() => void load(), [load]);

  const {
    submit,
    error,
    busy: inviting,
  } = useSubmit(async () => {
    setInvite(null);
    setInvite(await session.run((token) => api.invite(token, email, role)));
    await load();
  });
  const copy = () => void navigator.clipboard?.writeText(invite!.set_password_url).catch(() => undefined);

  async function changeRole(member: StaffTeamMember, to: StaffRoleName) {
    setBusy(member.id);
    setListError(null);
    setDone('');
    try {
      await session.run((token) => api.changeRole(token, member.id, to));
      // An admin who made themselves staff sees the board as staff from now on.
      if (member.id === session.member.id && to !== 'admin') {
        window.location.reload();
        return;
      }
      setDone(`${member.email} is now ${to === 'admin' ? 'an admin' : 'staff'}.`);
      await load();
    } catch (failure) {
      setListError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function remove(member: StaffTeamMember) {
    setBusy(member.id);
    setRemoveError(null);
    setDone('');
    try {
      await session.run((token) => api.removeMember(token, member.id));
      setRemoving(null);
      if (member.id === session.member.id) {
        await session.signOut();
        return;
      }
      setDone(`${member.email} is removed.`);
      await load();
    } catch (failure) {
      setRemoveError((failure as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="team-panel">
      <form className="staff-form" onSubmit={submit} aria-labelledby="team-title">
        <h2 id="team-title">Add a staff member</h2>
        <p>
          They get a link to choose their password. Sending it again for someone already here gives them a new link, and
          the old one stops working.
        </p>
        <label>
          Email
          <input
            type="email"
            name="member-email"
            required
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </label>
        <fieldset className="team-role">
          <legend>Role</legend>
          <label>
            <input type="radio" name="role" checked={role === 'staff'} onChange={() => setRole('staff')} /> Staff: the
            board, pause and sold out
          </label>
          <label>
            <input type="radio" name="role" checked={role === 'admin'} onChange={() => setRole('admin')} /> Admin: also
            manages the team
          </label>
        </fieldset>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="staff-primary" disabled={inviting}>
          {inviting ? 'Adding…' : 'Make a password link'}
        </button>
      </form>
      {invite && (
        <section className="staff-notice team-link" role="status" aria-labelledby="team-link-title">
          <h3 id="team-link-title">
            {invite.created
              ? `${invite.staff.email} is added as ${invite.staff.role}.`
              : `${invite.staff.email} is already a member (${invite.staff.role}): here is a new link.`}
          </h3>
          <p>Give them this link; it works once, until {timeText(invite.expires_at)}.</p>
          <p>
            <input
              readOnly
              aria-label="Password link"
              value={invite.set_password_url}
              onFocus={(e) => e.currentTarget.select()}
            />
          </p>
          <button type="button" onClick={copy}>
            Copy the link
          </button>
        </section>
      )}

      <section className="team-members" aria-labelledby="team-members-title">
        <h2 id="team-members-title">The team</h2>
        <p className="visually-hidden" role="status">
          {done}
        </p>
        {listError && (
          <p className="staff-error" role="alert">
            {listError}
          </p>
        )}
        {!members ? (
          !listError && <p role="status">{LOADING}</p>
        ) : (
          <ul className="team-list">
            {members.map((member) => {
              const self = member.id === session.member.id;
              const other: StaffRoleName = member.role === 'admin' ? 'staff' : 'admin';
              return (
                <li key={member.id}>
                  <span className="team-member">
                    {member.email}
                    {self && ' (you)'}
                    <small>
                      {member.password_set ? `Added ${timeText(member.created_at)}` : 'Has not chosen a password yet'}
                    </small>
                  </span>
                  <span className="team-member-role">{ROLE_NAME[member.role]}</span>
                  <span className="team-actions">
                    <button
                      type="button"
                      disabled={busy === member.id}
                      onClick={() => void changeRole(member, other)}
                      aria-label={`${member.email}: make ${other}`}
                    >
                      Make {other}
                    </button>
                    <button
                      type="button"
                      className="staff-danger"
                      disabled={busy === member.id}
                      onClick={() => {
                        setRemoveError(null);
                        setRemoving(member);
                      }}
                      aria-label={`Remove ${member.email}`}
                    >
                      Remove
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {removing && (
        <RemoveMemberDialog
          member={removing}
          self={removing.id === session.member.id}
          busy={busy === removing.id}
          error={removeError}
          onConfirm={() => void remove(removing)}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
