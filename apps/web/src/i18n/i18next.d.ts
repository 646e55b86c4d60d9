import 'i18next';
import type { defaultNS, Texts } from './i18n.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: typeof defaultNS;
    resources: { translation: Texts };
  }
}
