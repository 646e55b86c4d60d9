import { describe, expect, it } from 'vitest';
import { listensOnEveryInterface, PUBLIC_URL_UNSET_WARNING, readConfig, startupWarnings, TRUST_PROXY_EVERYWHERE_WARNING } from './config.ts';

describe('readConfig', () => {
  it('uses the documented defaults for an empty environment', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', app: { logger: { level: 'info' }, dataDir: 'data', realtimeLimits: {} } });
    expect(config.app.databaseUrl).toBeUndefined();
    expect(config.app.adminDisplayName).toBeUndefined();
    expect(config.app.cacheMaxBytes).toBeUndefined();
    expect(config.app.syncSpaceTtlDays).toBeUndefined();
  });

  it('reads every variable it is given', () => {
    const config = readConfig({
      PORT: '8080', HOST: '127.0.0.1', LOG_LEVEL: 'WARN', DATA_DIR: '/srv/grove', DATABASE_URL: 'postgres://db/grove',
      ADMIN_SECRET_KEY: 'k'.repeat(20), ADMIN_DISPLAY_NAME: '  Grove Editors ', TRUST_PROXY: '1', PUBLIC_URL: 'https://grove.example/',
      REALTIME_MAX_CONNECTIONS: '500', REALTIME_MAX_CONNECTIONS_PER_CLIENT: '5', CACHE_MAX_MB: '16', SYNC_SPACE_TTL_DAYS: '30',
    });
    expect(config).toMatchObject({
      port: 8080, host: '127.0.0.1',
      app: {
        logger: { level: 'warn' }, dataDir: '/srv/grove', databaseUrl: 'postgres://db/grove', adminDisplayName: 'Grove Editors', trustProxy: 1, publicUrl: 'https://grove.example',
        realtimeLimits: { maxConnections: 500, maxConnectionsPerClient: 5 }, cacheMaxBytes: 16 * 1024 * 1024, syncSpaceTtlDays: 30,
      },
    });
    expect(readConfig({ LOG_LEVEL: 'silent' }).app.logger).toBe(false);
  });

  it('refuses a value that cannot work, naming the variable and the value', () => {
    const refusals: Array<[Record<string, string>, string]> = [
      [{ PORT: 'http' }, 'PORT must be a whole number from 0 to 65535 (it is "http").'],
      [{ PORT: '70000' }, 'PORT must be a whole number from 0 to 65535 (it is "70000").'],
      [{ PORT: '-1' }, 'PORT must be a whole number from 0 to 65535 (it is "-1").'],
      [{ REALTIME_MAX_CONNECTIONS: 'many' }, 'REALTIME_MAX_CONNECTIONS must be a whole number from 1 to 1000000 (it is "many").'],
      [{ REALTIME_MAX_CONNECTIONS_PER_CLIENT: '0' }, 'REALTIME_MAX_CONNECTIONS_PER_CLIENT must be a whole number from 1 to 1000000 (it is "0").'],
      [{ CACHE_MAX_MB: '0' }, 'CACHE_MAX_MB must be a whole number from 1 to 65536 (it is "0").'],
      [{ CACHE_MAX_MB: '64MB' }, 'CACHE_MAX_MB must be a whole number from 1 to 65536 (it is "64MB").'],
      [{ SYNC_SPACE_TTL_DAYS: '0' }, 'SYNC_SPACE_TTL_DAYS must be a whole number from 1 to 36500 (it is "0").'],
      [{ SYNC_SPACE_TTL_DAYS: '6 months' }, 'SYNC_SPACE_TTL_DAYS must be a whole number from 1 to 36500 (it is "6 months").'],
      [{ ADMIN_DISPLAY_NAME: 'x'.repeat(201) }, 'ADMIN_DISPLAY_NAME must be at most 200 characters (it has 201).'],
      [{ PUBLIC_URL: 'grove.example' }, 'PUBLIC_URL must be an absolute http(s) address such as https://grove.example (it is "grove.example").'],
      [{ PUBLIC_URL: 'https://grove.example/blog' }, 'PUBLIC_URL must be an origin such as https://grove.example, without a path (it is "https://grove.example/blog").'],
      [{ PUBLIC_URL: 'ftp://grove.example' }, 'PUBLIC_URL must be an origin such as https://grove.example, without a path (it is "ftp://grove.example").'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be silent or one of fatal, error, warn, info, debug, trace (it is "loud").'],
    ];
    for (const [env, message] of refusals) expect(() => readConfig(env), JSON.stringify(env)).toThrow(message);
  });
});

describe('startupWarnings', () => {
  it('warns when a TRUST_PROXY hop count meets a HOST on every interface, and only then', () => {
    const warned = (env: Record<string, string>) => startupWarnings(readConfig(env)).includes(TRUST_PROXY_EVERYWHERE_WARNING);
    for (const host of ['0.0.0.0', '::', '0:0:0:0:0:0:0:0', '']) {
      expect(warned({ TRUST_PROXY: '1', HOST: host }), host).toBe(true);
      expect(warned({ TRUST_PROXY: 'true', HOST: host }), host).toBe(true);
    }
    expect(warned({ TRUST_PROXY: '1', HOST: '127.0.0.1' })).toBe(false);
    expect(warned({ TRUST_PROXY: '1', HOST: '::1' })).toBe(false);
    expect(warned({ TRUST_PROXY: '1', HOST: '10.0.0.5' })).toBe(false);
    expect(warned({ HOST: '0.0.0.0' })).toBe(false);
    expect(warned({ TRUST_PROXY: 'off', HOST: '0.0.0.0' })).toBe(false);
    // A list of proxy addresses trusts those peers only, whatever the interface.
    expect(warned({ TRUST_PROXY: '10.0.0.1', HOST: '0.0.0.0' })).toBe(false);
    expect(TRUST_PROXY_EVERYWHERE_WARNING).toMatch(/trusted from any client that can reach the port/);
  });

  it('warns when NODE_ENV is production and PUBLIC_URL is unset, and only then', () => {
    const warned = (env: Record<string, string>) => startupWarnings(readConfig(env)).includes(PUBLIC_URL_UNSET_WARNING);
    expect(warned({ NODE_ENV: 'production' })).toBe(true);
    expect(warned({ NODE_ENV: 'production', PUBLIC_URL: 'https://grove.example' })).toBe(false);
    expect(warned({ NODE_ENV: 'development' })).toBe(false);
    expect(warned({})).toBe(false);
  });

  it('knows the unspecified addresses from real ones', () => {
    expect(['0.0.0.0', '::', '::0', '0:0::0'].filter(listensOnEveryInterface)).toHaveLength(4);
    expect(['127.0.0.1', '::1', '10.0.0.0', 'localhost', '0', 'example.com'].some(listensOnEveryInterface)).toBe(false);
  });
});
