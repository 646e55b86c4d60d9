export function startServiceWorker(): void {}
