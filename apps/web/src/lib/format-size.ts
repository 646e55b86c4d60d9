import type { TFunction } from 'i18next';

// Binary units (1 KB = 1024 bytes): the storage quota is 5 × 1024 × 1024, and reads 'about 5 MB' only in them.
const STEP = 1024;
const UNITS = ['bytes', 'kilobytes', 'megabytes', 'gigabytes'] as const;

export type SizeUnit = (typeof UNITS)[number];

/** A size as it is read: whole bytes below 1 KB, else the largest unit under which it is 1 or more, to 1 decimal. */
export interface SizeParts {
  unit: SizeUnit;
  value: number;
}

/** Splits a size in bytes (for stored text: its characters) into the unit and rounded number shown. */
export function sizeParts(bytes: number): SizeParts {
  // A size is never negative; a miscount (NaN, below 0) reads as nothing rather than breaking the screen.
  const whole = Number.isFinite(bytes) ? Math.max(0, Math.round(bytes)) : 0;
  if (whole < STEP) return { unit: 'bytes', value: whole };
  let unit = 1;
  let scaled = whole / STEP;
  while (scaled >= STEP && unit < UNITS.length - 1) {
    scaled /= STEP;
    unit += 1;
  }
  const value = Math.round(scaled * 10) / 10;
  // 1,023.96 KB rounds to 1,024 KB: that is 1 MB.
  if (value >= STEP && unit < UNITS.length - 1) return { unit: UNITS[unit + 1] ?? 'gigabytes', value: 1 };
  return { unit: UNITS[unit] ?? 'gigabytes', value };
}

/** A size in the reader's language ('1 byte', '30 bytes', '2.5 KB', '1.2 MB'), plural forms by i18next. */
export function formatSize(t: TFunction, bytes: number): string {
  const { unit, value } = sizeParts(bytes);
  return t(`settings.size.${unit}`, { count: value });
}
