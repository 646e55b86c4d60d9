import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupConfigError } from '../../startup-error.ts';

export const SECRET_KEY_FILE = 'admin-secret-key';
/** A chosen key shorter than this is refused: the login throttle slows guessing, it cannot stop a short key. */
export const MIN_SECRET_KEY_LENGTH = 16;
export const SHORT_KEY_MESSAGE = `ADMIN_SECRET_KEY is too short: use at least ${MIN_SECRET_KEY_LENGTH} characters `
  + '(for example the output of `openssl rand -base64 24`), or unset it to have Grove generate one.';

/** Throws when a chosen key (ADMIN_SECRET_KEY) is set but too short to be safe; a blank one counts as unset. */
export function checkChosenSecretKey(envKey: string | undefined): void {
  const key = envKey?.trim() ?? '';
  if (key !== '' && key.length < MIN_SECRET_KEY_LENGTH) throw new StartupConfigError(SHORT_KEY_MESSAGE);
}

/**
 * The admin secret key: ADMIN_SECRET_KEY when set, else the key kept in DATA_DIR, else a new random key
 * written there (owner-only) and printed once, at the start that created it.
 */
export function resolveAdminSecretKey(envKey: string | undefined, dataDir: string, print: (message: string) => void): string {
  if (envKey !== undefined && envKey.trim() !== '') return envKey.trim();
  const file = path.join(dataDir, SECRET_KEY_FILE);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored !== '') return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  print(
    `\nGrove admin secret key (shown once, kept in ${file}):\n\n    ${key}\n\n`
    + 'Set ADMIN_SECRET_KEY to choose your own.\n',
  );
  return key;
}
