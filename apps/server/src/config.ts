import { isIP } from 'node:net';
import { LOG_LEVELS, type AppOptions, type LogLevel } from './app.ts';
import { parsePublicUrl } from './http/site-origin.ts';
import { parseTrustProxy, toTrustProxy } from './http/trust-proxy.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { StartupConfigError } from './startup-error.ts';

/** What main.ts reads from the environment: where to listen and how to build the app. */
export interface ServerConfig {
  port: number;
  host: string;
  /** NODE_ENV=production. */
  production: boolean;
  app: Omit<AppOptions, 'webDistDir'>;
}

type Env = Readonly<Record<string, string | undefined>>;

/** A whole number from the environment within [min, max], or undefined when unset or blank. */
function integer(env: Env, name: string, min: number, max: number): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new StartupConfigError(`${name} must be a whole number from ${min} to ${max} (it is "${env[name]}").`);
  }
  return value;
}

/** LOG_LEVEL: `silent` turns the log off; otherwise one of pino's levels (default info). */
function logger(value: string | undefined): false | { level: LogLevel } {
  const level = value?.trim().toLowerCase() || 'info';
  if (level === 'silent') return false;
  if ((LOG_LEVELS as readonly string[]).includes(level)) return { level: level as LogLevel };
  throw new StartupConfigError(`LOG_LEVEL must be silent or one of ${LOG_LEVELS.join(', ')} (it is "${value}").`);
}

function displayName(value: string | undefined): string | undefined {
  const name = value?.trim();
  if (!name) return undefined;
  if (name.length > 200) throw new StartupConfigError(`ADMIN_DISPLAY_NAME must be at most 200 characters (it has ${name.length}).`);
  return name;
}

function publicUrl(value: string | undefined): string | undefined {
  try {
    return parsePublicUrl(value);
  } catch (error) {
    throw new StartupConfigError((error as Error).message);
  }
}

/**
 * Reads the environment (README, "Environment variables"); a value that cannot work stops the start with a
 * StartupConfigError naming the variable, before anything is opened.
 */
export function readConfig(env: Env): ServerConfig {
  const realtimeLimits: Partial<RealtimeLimits> = {};
  for (const [name, key] of [
    ['REALTIME_MAX_CONNECTIONS', 'maxConnections'],
    ['REALTIME_MAX_CONNECTIONS_PER_CLIENT', 'maxConnectionsPerClient'],
  ] as const) {
    const limit = integer(env, name, 1, 1_000_000);
    if (limit !== undefined) realtimeLimits[key] = limit;
  }
  const cacheMaxMb = integer(env, 'CACHE_MAX_MB', 1, 65_536);
  const syncSpaceTtlDays = integer(env, 'SYNC_SPACE_TTL_DAYS', 1, 36_500);
  return {
    port: integer(env, 'PORT', 0, 65_535) ?? 3000,
    production: env.NODE_ENV?.trim() === 'production',
    host: env.HOST?.trim() || '0.0.0.0',
    app: {
      logger: logger(env.LOG_LEVEL),
      dataDir: env.DATA_DIR || 'data',
      databaseUrl: env.DATABASE_URL || undefined,
      adminSecretKey: env.ADMIN_SECRET_KEY,
      adminDisplayName: displayName(env.ADMIN_DISPLAY_NAME),
      trustProxy: parseTrustProxy(env.TRUST_PROXY),
      publicUrl: publicUrl(env.PUBLIC_URL),
      realtimeLimits,
      ...(cacheMaxMb === undefined ? {} : { cacheMaxBytes: cacheMaxMb * 1024 * 1024 }),
      ...(syncSpaceTtlDays === undefined ? {} : { syncSpaceTtlDays }),
    },
  };
}

/** Whether HOST is the unspecified address (0.0.0.0, ::, or another spelling of them): every interface. */
export function listensOnEveryInterface(host: string): boolean {
  return isIP(host) !== 0 && /^[0:.]+$/.test(host);
}

export const TRUST_PROXY_EVERYWHERE_WARNING = 'TRUST_PROXY trusts a number of proxy hops and HOST listens on every '
  + 'interface: X-Forwarded-For/-Proto/-Host are then trusted from any client that can reach the port, so a client '
  + 'that bypasses the proxy chooses the address the login limit counts. Listen where only the proxy can connect '
  + '(e.g. HOST=127.0.0.1), firewall the port, or set TRUST_PROXY to the proxy\'s addresses.';

export const PUBLIC_URL_UNSET_WARNING = 'NODE_ENV is production and PUBLIC_URL is unset: canonical links, Open Graph '
  + 'tags, the feed, the sitemap and robots.txt are written on each request\'s Host header, which a client chooses. '
  + 'Set PUBLIC_URL to the site\'s origin (https://grove.example).';

/**
 * Settings that start but may not do what was meant; main.ts prints each at start, whatever LOG_LEVEL says.
 * A TRUST_PROXY list of addresses trusts only those peers, so only a hop count is warned about.
 */
export function startupWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (typeof toTrustProxy(config.app.trustProxy) === 'number' && listensOnEveryInterface(config.host)) {
    warnings.push(TRUST_PROXY_EVERYWHERE_WARNING);
  }
  if (config.production && !config.app.publicUrl) warnings.push(PUBLIC_URL_UNSET_WARNING);
  return warnings;
}
