import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'admin-secret-key';

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
