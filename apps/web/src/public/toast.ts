// Stub until the toast lands (helper branch wip-live).
export interface ToastOptions {
  id: string;
  type: 'info' | 'success' | 'error';
  title: string;
  description?: string;
  action?: { label: string; onClick: () => void };
  duration?: number;
}
export function showToast(_options: ToastOptions): void {}
