import { KeyRound, LoaderCircle, LockKeyhole } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useNavigate } from 'react-router';
import { BackLink } from '@/components/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { inputStyles, labelStyles } from '@/components/ui/field-styles.ts';
import { addTexts } from '@/i18n/i18n.ts';
import adminTexts from '@/i18n/locales/en/admin.json';
import { setAdminFlag } from '@/lib/access-flags.ts';
import { ADMIN_PATHS, PUBLIC_PATHS } from '@/lib/paths.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { requestLogin, type LoginOutcome } from './admin-login-request.ts';

// The admin texts, for this screen outside the admin frame (i18n.ts).
addTexts(adminTexts);

// Start fetching the API client while the admin types, so Unlock does not wait for it.
const preloadClient = () => void import('@/lib/api-client.ts').catch(() => {});

type Problem = { kind: 'required' } | Exclude<LoginOutcome, { kind: 'granted' }> | null;

/**
 * /admin/login (docs/product.md, Admin and Admin security): the key goes to the server, which sets the session
 * cookie; the session-storage flag then only opens the admin routes in this tab.
 */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'adminLogin', path: PUBLIC_PATHS.adminLogin, noIndex: true });
  const navigate = useNavigate();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem>(null);
  const input = useRef<HTMLInputElement>(null);
  const fieldId = useId();
  const hintId = `${fieldId}-hint`;
  const errorId = `${fieldId}-error`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (key.trim() === '') {
      setProblem({ kind: 'required' });
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    const outcome = await requestLogin(key);
    setBusy(false);
    if (outcome.kind === 'granted') {
      setAdminFlag(true);
      // sonner is the lazily loaded toast region's own chunk: loaded here, not with this screen.
      void import('sonner').then(({ toast }) => toast.success(t('admin.login.granted')), () => {});
      void navigate(ADMIN_PATHS.dashboard, { replace: true });
      return;
    }
    setProblem(outcome);
    input.current?.select();
    // A wrong key is also the spec's error toast (§8), beside the message under the field.
    if (outcome.kind === 'failed' && outcome.messageKey === 'errors.api.invalidSecretKey') {
      void import('sonner').then(({ toast }) => toast.error(t(outcome.messageKey)), () => {});
    }
  };

  const message = problem === null
    ? null
    : problem.kind === 'required'
      ? t('admin.login.keyRequired')
      : problem.kind === 'limited'
        ? t('admin.login.rateLimited', { count: problem.waitSeconds })
        : t(problem.messageKey);

  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-8 sm:min-h-[70dvh] sm:justify-center sm:py-12">
      <BackLink to={PUBLIC_PATHS.home} label={t('admin.login.backToSite')} className="mb-6 self-start" />
      <div className="rounded-2xl border border-border bg-surface p-6 shadow-card sm:p-8">
        <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
          <LockKeyhole className="h-6 w-6" aria-hidden="true" />
        </span>
        <p className="mt-5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('admin.login.badge')}</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{title}</h1>
        <p className="mt-1 text-muted-foreground">{description}</p>

        <form className="mt-6" noValidate onSubmit={(event) => void submit(event)}>
          <label htmlFor={fieldId} className={labelStyles}>{t('admin.login.keyLabel')}</label>
          <div className="relative">
            <KeyRound className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
            <input
              ref={input}
              id={fieldId}
              name="secret-key"
              type="password"
              autoComplete="current-password"
              required
              autoFocus
              onFocus={preloadClient}
              value={key}
              onChange={(event) => {
                setKey(event.target.value);
                if (problem?.kind === 'required') setProblem(null);
              }}
              aria-invalid={problem !== null && problem.kind !== 'limited' ? true : undefined}
              aria-describedby={message ? `${errorId} ${hintId}` : hintId}
              className={inputStyles(cn('pl-9', problem && problem.kind !== 'limited' && 'border-danger'))}
            />
          </div>
          <p id={hintId} className="mt-1.5 text-xs text-muted-foreground">{t('admin.login.keyHint')}</p>
          <p
            id={errorId}
            role="alert"
            className={cn(
              'text-sm',
              message && 'mt-3 rounded-lg px-3 py-2',
              problem?.kind === 'limited' ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-100' : 'bg-danger/10 text-danger',
              !message && 'sr-only',
            )}
          >
            {message}
          </p>
          <Button type="submit" className="mt-5 w-full" disabled={busy} aria-disabled={busy}>
            {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> : <LockKeyhole className="h-4 w-4" aria-hidden="true" />}
            {busy ? t('admin.login.unlocking') : t('admin.login.unlock')}
          </Button>
        </form>
      </div>
    </div>
  );
}
