// Test support only: run a describe block's tests under another time zone (calendar and streak logic run under
// several zones). vi.stubEnv writes process.env.TZ, and Node re-reads the zone when it changes, so Date's local
// methods follow; vi.unstubAllEnvs puts back the previous value (or removes it).
import { afterEach, beforeEach, expect, it, vi } from 'vitest';

/** Far east of UTC (UTC+13 in its summer) and west of it (UTC−8 in winter): a local day there is never the UTC day. */
export const TEST_TIME_ZONES = ['Pacific/Auckland', 'America/Los_Angeles'] as const;
export type TestTimeZone = (typeof TEST_TIME_ZONES)[number];

/** Minutes behind UTC on 15 January 2026, as getTimezoneOffset gives it: proof that the zone is in force. */
const JANUARY_OFFSETS: Record<TestTimeZone, number> = { 'Pacific/Auckland': -780, 'America/Los_Angeles': 480 };

/** Call inside a describe: its tests run with TZ = zone, restored after each; adds a test that the zone applies. */
export function inTimeZone(zone: TestTimeZone): void {
  beforeEach(() => {
    vi.stubEnv('TZ', zone);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  it(`runs in ${zone}`, () => {
    expect(new Date(2026, 0, 15, 12).getTimezoneOffset()).toBe(JANUARY_OFFSETS[zone]);
  });
}
