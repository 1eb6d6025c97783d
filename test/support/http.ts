// One loopback HTTP call as the renderer makes it (custom client header, JSON, the session cookie),
// answering the status, the JSON body and a new session cookie if the server set one.
export async function http(base: string, method: string, p: string, body?: unknown, cookie?: string) {
  const res = await fetch(base + p, {
    method,
    headers: { 'x-lab-client': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const set = res.headers.get('set-cookie');
  return { status: res.status, json: (await res.json()) as Record<string, any>, cookie: set ? set.split(';')[0]! : undefined }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Logs in over HTTP and answers the session cookie. */
export async function login(base: string, username: string, password: string): Promise<string> {
  return (await http(base, 'POST', '/api/session', { username, password })).cookie!;
}
