import { Monitor, Moon, Sun } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { THEME_PREFERENCES, type ThemePreference } from '@/lib/theme.ts';
import { useTheme } from '@/lib/theme-provider.tsx';

const ICONS: Record<ThemePreference, typeof Sun> = { light: Sun, dark: Moon, system: Monitor };

/** Light / dark / system; applies at once and is remembered (grove-theme). */
export function AppearanceSection() {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  return (
    <section aria-labelledby="appearance-heading" className="rounded-xl border border-border bg-surface p-6 shadow-card">
      <h2 id="appearance-heading" className="text-lg font-semibold">{t('settings.appearance.title')}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('settings.appearance.description')}</p>
      <fieldset className="mt-4">
        <legend className="sr-only">{t('theme.label')}</legend>
        {/* Three across at every width, like a segmented control; on a phone the icon stands above its name. */}
        <div className="grid grid-cols-3 gap-2 sm:gap-3">
          {THEME_PREFERENCES.map((option) => {
            const Icon = ICONS[option];
            const checked = preference === option;
            return (
              <label
                key={option}
                className={cn(
                  'flex min-w-0 cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 py-3 text-center transition-colors sm:flex-row sm:gap-3 sm:px-4 sm:text-left has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-primary bg-accent text-accent-foreground' : 'border-border hover:bg-muted',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={option}
                  checked={checked}
                  onChange={() => setPreference(option)}
                  className="sr-only"
                />
                <Icon className="h-5 w-5" aria-hidden="true" />
                <span className="font-medium">{t(`theme.${option}`)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </section>
  );
}
