// The app version, from package.json at build time (electron-vite defines it) or at run time.
declare const __APP_VERSION__: string | undefined;

export function appVersion(): string {
  return typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : (process.env.npm_package_version ?? '0.0.0');
}
