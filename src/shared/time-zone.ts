// The lab's time zone: an IANA name ("Asia/Shanghai"), or '' for the computer's own zone. Shared by
// the settings file's schema, the API's input and the renderer's time formatting.

/** Whether the runtime knows `name` as an IANA time zone (UTC included). */
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone the runtime runs in (the computer's, unless something set it). */
export function runtimeTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
