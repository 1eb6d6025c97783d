// MAINTENANCE_MODE=on: completion pauses initialization and rebuilds and writes nothing. Read by
// the service in the main process and by the maintenance in the worker, so it sits apart from both.
export function isMaintenanceMode(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.MAINTENANCE_MODE ?? '').trim().toLowerCase() === 'on';
}
