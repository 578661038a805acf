/**
 * The sign-in pages' screens: sign in (then the page in ?next=, a local path only, or /account/),
 * create an account (then: check your mail), confirm the email from the mail's link, and reset a
 * password (ask for the link without ?token=, choose the new one with it).
 */
import { useState } from 'react';
import { ApiRequestError } from '../../shared/api/client.ts';
import { safeLocalPath } from '../../shared/local-path.ts';
import { Field } from '../checkout/field.tsx';
import { sitePath, t } from '../i18n.ts';
import type { AccountContext } from './account-context.ts';
import { AccountForm, Done } from './account-form.tsx';
import { useHostedSignIn } from './hosted-sign-in.ts';
import { useAction } from './use-action.ts';

export const MIN_PASSWORD_LENGTH = 10;

/** The page to go to after signing in: ?next= when it is a path on this site, else /account/. */
export function nextPath(search: string): string {
  return safeLocalPath(new URLSearchParams(search).get('next')) ?? sitePath('/account/');
}

function tokenOf(search: string): string {
  return new URLSearchParams(search).get('token')?.trim() ?? '';
}

function emailError(email: string): string | undefined {
  if (!email.trim()) return t('account.emailRequired');
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()) ? undefined : t('account.emailInvalid');
}

function newPasswordError(password: string): string | undefined {
  if (!password) return t('account.passwordChoose');
  return password.length < MIN_PASSWORD_LENGTH ? t('account.passwordShort', { min: MIN_PASSWORD_LENGTH }) : undefined;
}

type Errors<K extends string> = Partial<Record<K, string>>;

/** Errors found before sending: shown on their fields; true when there were any. */
function found<K extends string>(errors: Errors<K>, show: (errors: Errors<K>) => void): boolean {
  const clean = Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as Errors<K>;
  show(clean);
  return Object.keys(clean).length > 0;
}

/** The password the customer already has: to sign in, and to confirm the sign-up it was chosen for. */
function CurrentPasswordField(props: { value: string; error: string | undefined; onValue: (value: string) => void }) {
  return (
    <Field label={t('account.password')} type="password" autoComplete="current-password" className="wide" {...props} />
  );
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
      if (
        found({ email: emailError(email), password: password ? undefined : t('account.passwordRequired') }, setErrors)
      )
        return;
      const session = await api.login(email.trim(), password);
      auth.signIn(session);
      navigate(next);
    });

  return (
    <AccountForm
      title={t('common.signIn')}
      submitLabel={t('common.signIn')}
      busyLabel={t('account.signingIn')}
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={
        <>
          <a href={sitePath('/reset-password/')}>{t('account.forgotPassword')}</a>
          <a href={`${sitePath('/register/')}${next === '/account/' ? '' : `?next=${encodeURIComponent(next)}`}`}>
            {t('common.handOver.register')}
          </a>
        </>
      }
    >
      <Field
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={email}
        error={errors.email}
        onValue={setEmail}
        className="wide"
      />
      <CurrentPasswordField value={password} error={errors.password} onValue={setPassword} />
    </AccountForm>
  );
}

type RegisterField = 'name' | 'email' | 'phone' | 'password';

/** The field a server's sentence is about (it sends one sentence, no field). */
/** The field a refusal is about, by the words it names (in English or Spanish). */
function fieldOf(message: string): RegisterField | null {
  const m = message.toLowerCase();
  if (m.includes('password') || m.includes('contraseña')) return 'password';
  if (m.includes('email') || m.includes('correo')) return 'email';
  if (m.includes('phone') || m.includes('teléfono')) return 'phone';
  if (m.includes('name') || m.includes('nombre')) return 'name';
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
          name: form.name.trim() ? undefined : t('account.nameRequired'),
          email: emailError(form.email),
          phone: phoneDigits >= 10 ? undefined : t('account.mobileRequired'),
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
      <Done title={t('account.checkEmail')} message={done}>
        <p>{t('account.openLinkToConfirm')}</p>
        <a className="primary-link" href={sitePath('/login/')}>
          {t('common.signIn')}
        </a>
      </Done>
    );
  }
  return (
    <AccountForm
      title={t('common.handOver.register')}
      intro={<p>{t('account.registerIntro')}</p>}
      submitLabel={t('account.createAccount')}
      busyLabel={t('account.creatingAccount')}
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={
        <>
          {t('account.haveAccount')} <a href={sitePath('/login/')}>{t('common.signIn')}</a>
        </>
      }
    >
      <Field
        label={t('account.name')}
        autoComplete="name"
        value={form.name}
        error={errors.name}
        onValue={set('name')}
        className="wide"
      />
      <Field
        label={t('account.email')}
        type="email"
        autoComplete="email"
        value={form.email}
        error={errors.email}
        onValue={set('email')}
        className="wide"
      />
      <Field
        label={t('account.mobilePhone')}
        type="tel"
        autoComplete="tel"
        value={form.phone}
        error={errors.phone}
        onValue={set('phone')}
        className="wide"
      />
      <Field
        label={t('account.password')}
        type="password"
        autoComplete="new-password"
        hint={t('account.passwordHint', { min: MIN_PASSWORD_LENGTH })}
        value={form.password}
        error={errors.password}
        onValue={set('password')}
        className="wide"
      />
    </AccountForm>
  );
}

/**
 * The mail's link with the password chosen at sign-up: the link shows the mailbox is the
 * customer's, the password that the account is, so no one can sign up with another's email and
 * wait for its owner to confirm. Confirming signs in.
 */
export function ConfirmScreen({ context }: { context: AccountContext }) {
  const { api, auth, search, navigate } = context;
  const token = tokenOf(search);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors<'password'>>({});
  const { busy, problem, run } = useAction();

  if (!token) {
    return (
      <Done title={t('account.confirmEmail')} message={t('account.confirmSent')}>
        <a className="primary-link" href={sitePath('/login/')}>
          {t('common.signIn')}
        </a>
      </Done>
    );
  }

  const submit = () =>
    run(async () => {
      if (found({ password: password ? undefined : t('account.passwordRequired') }, setErrors)) return;
      auth.signIn(await api.confirmAccount(token, password));
      navigate(sitePath('/account/'));
    });

  return (
    <AccountForm
      title={t('account.confirmEmail')}
      intro={<p>{t('account.confirmIntro')}</p>}
      submitLabel={t('account.confirmSubmit')}
      busyLabel={t('account.confirming')}
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={
        <>
          <a href={sitePath('/reset-password/')}>{t('account.forgotPassword')}</a>
          <a href={sitePath('/register/')}>{t('common.handOver.register')}</a>
        </>
      }
    >
      <CurrentPasswordField value={password} error={errors.password} onValue={setPassword} />
    </AccountForm>
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
      <Done title={token ? t('account.passwordChanged') : t('account.checkEmail')} message={done}>
        <a className="primary-link" href={sitePath('/login/')}>
          {t('common.signIn')}
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
        title={t('account.chooseNewPassword')}
        submitLabel={t('account.changePassword')}
        busyLabel={t('account.changingPassword')}
        busy={busy}
        problem={problem}
        onSubmit={() => void submit()}
      >
        <Field
          label={t('account.newPassword')}
          type="password"
          autoComplete="new-password"
          hint={t('account.passwordHint', { min: MIN_PASSWORD_LENGTH })}
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
      title={t('common.handOver.reset')}
      intro={<p>{t('account.resetIntro')}</p>}
      submitLabel={t('account.sendLink')}
      busyLabel={t('account.sending')}
      busy={busy}
      problem={problem}
      onSubmit={() => void submit()}
      after={<a href={sitePath('/login/')}>{t('account.backToSignIn')}</a>}
    >
      <Field
        label={t('account.email')}
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
