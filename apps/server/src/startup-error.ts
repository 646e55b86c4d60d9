/** A setting that makes start-up impossible; main.ts prints its message and exits 1, without a stack. */
export class StartupConfigError extends Error {
  override name = 'StartupConfigError';
}
