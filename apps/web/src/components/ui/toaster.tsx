import { useTranslation } from '@/i18n/use-translation.ts';
import { Toaster as Sonner } from 'sonner';
import { useTheme } from '@/lib/theme-provider.tsx';

/** docs/product.md, Texts, formats and themes: toasts bottom-right, success / error / info, gone after 5000 ms or on close. */
export const TOAST_DURATION_MS = 5000;

export function Toaster() {
  const { t } = useTranslation();
  const { resolved } = useTheme();
  return (
    <Sonner
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      closeButton
      richColors
      theme={resolved}
      containerAriaLabel={t('toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('toast.close') }}
    />
  );
}
