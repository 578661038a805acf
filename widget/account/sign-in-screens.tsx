/**
 * The sign-in pages' screens: sign in (then the page in ?next=, a local path only, or /account/),
 * create an account (then: check your mail), confirm the email from the mail's link, and reset a
 * password (ask for the link without ?token=, choose the new one with it).
 */
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../shared/api/client.ts';
import { safeLocalPath } from '../../shared/local-path.ts';
import { Field } from '../checkout/field.tsx';
import type { AccountContext } from './account-context.ts';
import { AccountForm, Done } from './account-form.tsx';
import { useHostedSignIn } from './hosted-sign-in.ts';
import { useAction } from './use-action.ts';

export const MIN_PASSWORD_LENGTH = 10;
const EMAIL_REQUIRED = 'Enter your email address.';
const EMAIL_INVALID = 'Enter an email address like name@example.com.';
const PASSWORD_REQUIRED = 'Enter your password.';
const PASSWORD_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters for your password.`;

/** The page to go to after signing in: ?next= when it is a path on this site, else /account/. */
export function nextPath(search: string): string {
  return safeLocalPath(new URLSearchParams(search).get('next')) ?? '/account/';
}

function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

function emailError(email: string): string | undefined {
  if (!email.trim()) return EMAIL_REQUIRED;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : EMAIL_INVALID;
}

function newPasswordError(password: string): string | undefined {
  if (!password) return 'Choose a password.';
  return password.length < MIN_PASSWORD_LENGTH ? PASSWORD_SHORT : undefined;
}

type Errors<K extends string> = Partial<Record<K, string>>;

/** Errors found before sending: shown on their fields; true when there were any. */
function found<K extends string>(errors: Errors<K>, show: (errors: Errors<K>) => void): boolean {
  const clean = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Errors<K>;
  show(clean);
  return Object.keys(clean).length > 0;
}

export function LoginScreen({ context }: { context: AccountContext }) {
  const { api, auth, search, navigate } = context;
  useHostedSignIn(api, 'login_url', navigate, nextPath(search));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const { busy, problem, run } = useAction();
  const next = nextPath(search);

  const submit = () =>
    run(async () => {
      if (found({ email: emailError(email), password: password ? undefined : PASSWORD_REQUIRED }, setErrors)) return;
      const session = await api.login(email.trim(), password);
      auth.signIn(session);
      navigate(next);
    });

  return (
    <AccountForm
      title="Sign in"
      submitLabel="Sign in"
      busyLabel="Signing in…"
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={
        <>
          <a href="/reset-password/">Forgot your password?</a>
          <a href={`/register/${next === '/account/' ? '' : `?next=${encodeURIComponent(next)}`}`}>Create an account</a>
        </>
      }
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onValue={setEmail}
        className="wide"
      />
      <Field
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onValue={setPassword}
        className="wide"
      />
    </AccountForm>
  );
}

type RegisterField = 'name' | 'email' | 'phone' | 'password';

/** The field a server's sentence is about (it sends one sentence, no field). */
function fieldOf(message: string): RegisterField | null {
  const m = message.toLowerCase();
  if (m.includes('password')) return 'password';
  if (m.includes('email')) return 'email';
  if (m.includes('phone')) return 'phone';
  if (m.includes('name')) return 'name';
  return null;
}

export function RegisterScreen({ context }: { context: AccountContext }) {
  const { api, navigate } = context;
  useHostedSignIn(api, 'register_url', navigate);
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '' });
  const [errors, setErrors] = useState<Errors<RegisterField>>({});
  const [done, setDone] = useState('');
  const { busy, problem, setProblem, run } = useAction();
  const set = (field: RegisterField) => (value: string) => setForm({ ...form, [field]: value });

  const submit = () =>
    run(async () => {
      const phoneDigits = form.phone.replace(/\D/g, '').length;
      const invalid = found(
        {
          name: form.name.trim() ? undefined : 'Enter your name.',
          email: emailError(form.email),
          phone: phoneDigits >= 10 ? undefined : 'Enter a mobile number with its area code.',
          password: newPasswordError(form.password),
        },
        setErrors,
      );
      if (invalid) return;
      try {
        const answer = await api.register({
          name: form.name.trim(),
          email: form.email.trim(),
          phone: form.phone.trim(),
          password: form.password,
        });
        setDone(answer.message);
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 422)) throw error;
        const field = fieldOf(error.message);
        if (!field) throw error;
        setErrors({ [field]: error.message });
        setProblem('');
      }
    });

  if (done) {
    return (
      <Done title="Check your email" message={done}>
        <p>Open the link in that email to confirm your account, then sign in.</p>
        <a className="primary-link" href="/login/">
          Sign in
        </a>
      </Done>
    );
  }
  return (
    <AccountForm
      title="Create an account"
      intro={<p>Save carts, reorder in a tap and pay with a saved card.</p>}
      submitLabel="Create account"
      busyLabel="Creating your account…"
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={
        <>
          Already have an account? <a href="/login/">Sign in</a>
        </>
      }
    >
      <Field
        label="Name"
        autoComplete="name"
        value={form.name}
        error={errors.name}
        onValue={set('name')}
        className="wide"
      />
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onValue={set('email')}
        className="wide"
      />
      <Field
        label="Mobile phone"
        type="tel"
        autoComplete="tel"
        value={form.phone}
        error={errors.phone}
        onValue={set('phone')}
        className="wide"
      />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few words that do not belong together work well.`}
        value={form.password}
        error={errors.password}
        onValue={set('password')}
        className="wide"
      />
    </AccountForm>
  );
}

type ConfirmState = { status: 'working' } | { status: 'done' | 'failed'; message: string };

export function ConfirmScreen({ context }: { context: AccountContext }) {
  const { api, search } = context;
  const token = tokenOf(search);
  const [state, setState] = useState<ConfirmState>({ status: 'working' });
  const asked = useRef(false);

  useEffect(() => {
    if (!token || asked.current) return;
    asked.current = true;
    api.confirmAccount(token).then(
      (answer) => setState({ status: 'done', message: answer.message }),
      (error: unknown) =>
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
  }, [api, token]);

  if (!token) {
    return (
      <Done
        title="Confirm your email"
        message="We sent you an email with a link to confirm your account. Open it to finish."
      >
        <a className="primary-link" href="/login/">
          Sign in
        </a>
      </Done>
    );
  }
  if (state.status === 'working') {
    return (
      <div className="account-card">
        <h1>Confirm your email</h1>
        <p className="status" role="status">
          Confirming your email…
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div className="account-card">
        <h1>Confirm your email</h1>
        <p className="error" role="alert">
          {state.message}
        </p>
        <p className="account-links">
          <a href="/login/">Sign in</a>
          <a href="/register/">Create an account</a>
        </p>
      </div>
    );
  }
  return (
    <Done title="Email confirmed" message={state.message}>
      <a className="primary-link" href="/login/">
        Sign in
      </a>
    </Done>
  );
}

export function ResetScreen({ context }: { context: AccountContext }) {
  const { api, search, navigate } = context;
  const token = tokenOf(search);
  useHostedSignIn(api, 'reset_url', navigate);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'email' | 'password'>>({});
  const [done, setDone] = useState('');
  const { busy, problem, run } = useAction();

  if (done) {
    return (
      <Done title={token ? 'Password changed' : 'Check your email'} message={done}>
        <a className="primary-link" href="/login/">
          Sign in
        </a>
      </Done>
    );
  }
  if (token) {
    const submit = () =>
      run(async () => {
        if (found({ password: newPasswordError(password) }, setErrors)) return;
        setDone((await api.resetPassword(token, password)).message);
      });
    return (
      <AccountForm
        title="Choose a new password"
        submitLabel="Change password"
        busyLabel="Changing your password…"
        busy={busy}
        problem={problem}
        onSubmit={() => void submit()}
      >
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters and hard to guess: a few words that do not belong together work well.`}
          value={password}
          error={errors.password}
          onValue={setPassword}
          className="wide"
        />
      </AccountForm>
    );
  }
  const submit = () =>
    run(async () => {
      if (found({ email: emailError(email) }, setErrors)) return;
      setDone((await api.requestPasswordReset(email.trim())).message);
    });
  return (
    <AccountForm
      title="Reset your password"
      intro={<p>We will email you a link to choose a new password.</p>}
      submitLabel="Send the link"
      busyLabel="Sending…"
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={<a href="/login/">Back to sign in</a>}
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onValue={setEmail}
        className="wide"
      />
    </AccountForm>
  );
}
