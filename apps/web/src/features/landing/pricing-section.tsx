import { Check } from 'lucide-react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { cn } from '@/components/ui/cn.ts';
import { GetStartedLink } from '@/components/get-started-link.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';

const PLANS = [
  { key: 'free', period: 'forever', available: true },
  { key: 'monthly', period: 'perMonth', available: false },
  { key: 'yearly', period: 'perYear', available: false, highlight: true },
] as const;

/** The plans (docs/product.md, Public site). Nothing is sold, so only the free plan has a live button. */
export function PricingSection() {
  const { t } = useTranslation();
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-20 bg-surface/60 py-20">
      <div className="mx-auto max-w-6xl px-4">
        <div className="text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight">{t('landing.pricing.title')}</h2>
          <p className="mt-3 text-muted-foreground">{t('landing.pricing.subtitle')}</p>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => {
            const features = t(`landing.pricing.${plan.key}.features`, { returnObjects: true });
            return (
              <li
                key={plan.key}
                data-testid={`plan-${plan.key}`}
                className={cn(
                  'relative flex flex-col rounded-2xl border bg-surface p-8 shadow-card',
                  'highlight' in plan ? 'border-primary' : 'border-border',
                )}
              >
                {'highlight' in plan ? (
                  <span className="absolute -top-3 left-8 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                    {t('landing.pricing.popular')}
                  </span>
                ) : null}
                <h3 className="text-lg font-semibold">{t(`landing.pricing.${plan.key}.name`)}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{t(`landing.pricing.${plan.key}.description`)}</p>
                <p className="mt-6 flex items-baseline gap-2">
                  <span className="text-4xl font-extrabold tracking-tight">{t(`landing.pricing.${plan.key}.price`)}</span>
                  <span className="text-sm text-muted-foreground">{t(`landing.pricing.${plan.period}`)}</span>
                </p>
                <ul className="mt-6 flex-1 space-y-3 text-sm">
                  {features.map((feature) => (
                    <li key={feature} className="flex gap-2">
                      <Check className="h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
                      {feature}
                    </li>
                  ))}
                </ul>
                {plan.available ? (
                  <GetStartedLink className={buttonStyles('primary', 'md', 'mt-8 w-full')}>{t(`landing.pricing.${plan.key}.cta`)}</GetStartedLink>
                ) : (
                  <p className="mt-8 rounded-lg border border-dashed border-border py-2.5 text-center text-sm font-medium text-muted-foreground">
                    {t(`landing.pricing.${plan.key}.cta`)}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
        <p className="mt-8 text-center text-sm text-muted-foreground">{t('landing.pricing.note')}</p>
      </div>
    </section>
  );
}
