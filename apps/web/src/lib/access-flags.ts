import { STORAGE_KEYS } from './storage-keys.ts';
import { browserStorage, readJson, writeJson, isBoolean } from './safe-storage.ts';

/** The onboarding flag: true once the visitor chose 'Get Started for Free'. */
export function isOnboardingCompleted(): boolean {
  return readJson(browserStorage('local'), STORAGE_KEYS.onboardingCompleted, isBoolean) === true;
}

export function completeOnboarding(): void {
  writeJson(browserStorage('local'), STORAGE_KEYS.onboardingCompleted, true);
}

/** The admin UI flag (session storage, value 'true'); the server session is what authorises. */
export function hasAdminFlag(): boolean {
  try {
    return browserStorage('session')?.getItem(STORAGE_KEYS.admin) === 'true';
  } catch {
    return false;
  }
}

export function setAdminFlag(on: boolean): void {
  try {
    const storage = browserStorage('session');
    if (on) storage?.setItem(STORAGE_KEYS.admin, 'true');
    else storage?.removeItem(STORAGE_KEYS.admin);
  } catch (error) {
    console.error('Could not update the admin flag.', error);
  }
}
