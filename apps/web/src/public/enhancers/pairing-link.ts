export function takePairingLink(_window: Window): boolean {
  return false;
}
