import { ArrowRight, ShieldCheck, Sprout } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { useLocation } from 'react-router';
import { GetStartedLink } from '@/components/get-started-link.tsx';
import { buttonStyles } from '@/components/ui/button-styles.ts';
import { addTexts } from '@/i18n/i18n.ts';
import landingTexts from '@/i18n/locales/en/landing.json';
import { canonicalUrl, usePageMeta, useSiteOrigin } from '@/lib/page-meta.ts';
import { softwareApplicationData } from '@/lib/structured-data.ts';
import { scrollBehavior } from '@/lib/motion.ts';
import { FeatureGrid } from './feature-grid.tsx';
import { PricingSection } from './pricing-section.tsx';

// The landing page's texts come with its code (i18n.ts).
addTexts(landingTexts);

/** The landing page (docs/product.md, Public site): hero, features, the garden, and pricing. */
export function Component() {
  const { t } = useTranslation();
  const { hash } = useLocation();
  const description = t('landing.meta.description');
  const origin = useSiteOrigin();

  usePageMeta({
    title: t('landing.meta.title'),
    fullTitle: t('landing.meta.title'),
    description,
    path: '/',
    structuredData: softwareApplicationData({ name: t('app.name'), url: canonicalUrl('/', origin), description }),
  });

  // '/#pricing' from the header: scroll to the section once it is on screen.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }, [hash]);

  return (
    <>
      <section className="relative overflow-hidden">
        <div aria-hidden="true" className="pointer-events-none absolute inset-x-0 -top-40 h-[32rem] bg-[radial-gradient(ellipse_at_top,var(--accent),transparent_65%)]" />
        <div className="relative mx-auto max-w-4xl px-4 pb-8 pt-16 text-center sm:pb-20 sm:pt-28">
          <p className="inline-flex items-center gap-2 rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-medium text-muted-foreground">
            <Sprout className="h-4 w-4 text-primary" aria-hidden="true" />
            {t('landing.hero.eyebrow')}
          </p>
          <h1 className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">{t('landing.hero.title')}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">{t('landing.hero.subtitle')}</p>
          <div className="mx-auto mt-10 flex max-w-xs flex-col gap-3 sm:max-w-none sm:flex-row sm:items-center sm:justify-center">
            <GetStartedLink className={buttonStyles('primary', 'lg')}>
              {t('landing.hero.cta')}
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </GetStartedLink>
            <a href="#pricing" className={buttonStyles('secondary', 'lg')}>{t('landing.hero.secondary')}</a>
          </div>
          {/* The icon inline with the text: as a flex item it stood apart at the left edge once the line wrapped. */}
          <p className="mt-6 text-sm text-balance text-muted-foreground">
            <ShieldCheck className="mr-2 inline-block h-4 w-4 align-[-0.1875rem] text-primary" aria-hidden="true" />
            {t('landing.hero.privacy')}
          </p>
        </div>
      </section>

      <FeatureGrid />

      <section aria-labelledby="garden-heading" className="mx-auto max-w-6xl px-4 py-16">
        <div className="grid items-center gap-8 rounded-2xl border border-border bg-surface p-8 shadow-card md:grid-cols-[auto_1fr] md:p-12">
          <div className="mx-auto flex h-24 w-24 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
            <Sprout className="h-12 w-12" aria-hidden="true" />
          </div>
          <div>
            <h2 id="garden-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">{t('landing.garden.title')}</h2>
            <p className="mt-3 text-muted-foreground">{t('landing.garden.body')}</p>
          </div>
        </div>
      </section>

      <PricingSection />
    </>
  );
}
