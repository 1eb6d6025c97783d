// V8 flags of the maintenance worker process where it is a Node child: child_process.fork in browser
// mode and in the completion benchmark. Not in the desktop app: an Electron utilityProcess sets up
// V8 before it reads execArgv (shell/utility-worker.ts), so there the worker keeps V8's defaults.

/**
 * One garbage-collector thread. The worker is background work that allocates a lot during a
 * rebuild: with V8's helper threads its collections spread over every core, taking them from the
 * app's own process, and on a machine whose cores are all busy a parallel collection waits for
 * helpers that get no core. With one thread the busy rebuild got faster and the quiet one a little
 * slower (docs/completion.md "Busy mode").
 */
export const MAINTENANCE_WORKER_EXEC_ARGV: readonly string[] = ['--single-threaded-gc'];
