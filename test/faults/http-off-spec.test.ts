// Requests off the HTTP spec or aimed outside the served folders (issue 14, defect 6), sent as raw
// bytes on loopback: path traversal on /assets is refused quietly (403/404, nothing served from
// outside, no error-level log line); duplicate Host headers and absolute-form targets are refused.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServices, tempDir } from '../support/temp';

/** Sends `request` verbatim and returns the status code and the whole answer. */
function rawRequest(port: number, request: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const sock = net.connect(port, '127.0.0.1');
    let text = '';
    sock.setEncoding('utf8');
    sock.on('data', (d) => {
      text += d;
      const head = text.indexOf('\r\n\r\n');
      const len = /content-length: (\d+)/i.exec(text);
      if (head >= 0 && len && Buffer.byteLength(text.slice(head + 4)) >= Number(len[1])) sock.end();
    });
    sock.on('end', () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text }));
    sock.on('error', reject);
    sock.setTimeout(5000, () => sock.destroy(new Error('no answer')));
    sock.write(request);
  });
}

const get = (port: number, target: string, hosts = [`127.0.0.1:${port}`]) =>
  rawRequest(port, `GET ${target} HTTP/1.1\r\n${hosts.map((h) => `Host: ${h}\r\n`).join('')}Connection: close\r\n\r\n`);

async function withRenderer() {
  const root = tempDir('lab-renderer-');
  const renderer = path.join(root, 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Lab</title>');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  fs.writeFileSync(path.join(root, 'package.json'), '{"secret":"OUTSIDE-THE-ASSETS"}');
  fs.writeFileSync(path.join(renderer, 'secret.txt'), 'OUTSIDE-THE-ASSETS');
  const s = await startTestServices({ rendererDir: renderer });
  return s;
}

const TRAVERSALS = [
  '/assets/..%2f..%2fpackage.json',
  '/assets/..%2fsecret.txt',
  '/assets/%2e%2e/secret.txt',
  '/assets/%2e%2e%2fsecret.txt',
  '/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
  '/assets/.%2e/secret.txt',
  '/assets/..%5csecret.txt',
  '/assets/..\\secret.txt',
  '/assets/%2e%2e%5c%2e%2e%5cpackage.json',
  '/assets/%252e%252e%252fsecret.txt',
  '/assets/..%252f..%252fpackage.json',
  '/assets/%c0%ae%c0%ae/secret.txt',
  '/assets/..%00/secret.txt',
  '/assets/%2fetc%2fpasswd',
  '/assets/....//secret.txt',
  '/assets/../secret.txt',
];

describe('off-spec requests to the local server', () => {
  it(`path traversal on /assets (${TRAVERSALS.length} variants) is refused with 403/404, serves nothing from outside, and logs nothing at error level`, async () => {
    const s = await withRenderer();
    expect((await get(s.port, '/assets/app.js')).status).toBe(200);
    const statuses: number[] = [];
    for (const target of TRAVERSALS) {
      const r = await get(s.port, target);
      statuses.push(r.status);
      expect([403, 404], `${target} → ${r.status}`).toContain(r.status);
      expect(r.text).not.toContain('OUTSIDE-THE-ASSETS');
    }
    s.log.flush?.();
    await new Promise((r) => setTimeout(r, 200));
    const log = fs.readFileSync(path.join(s.dataDir, 'logs', 'app.log'), 'utf8');
    const errors = log.split('\n').filter((l) => l && (JSON.parse(l) as { level: number }).level >= 50);
    console.log(`assets traversal: ${TRAVERSALS.length} variants → ${statuses.join(' ')}; ${errors.length} error-level log lines`);
    expect(errors).toEqual([]);
    expect((await get(s.port, '/ping')).status).toBe(200);
  });

  it('a request with two Host headers is refused (403), whichever comes first', async () => {
    const s = await startTestServices();
    const ours = `127.0.0.1:${s.port}`;
    expect((await get(s.port, '/ping', [ours])).status).toBe(200);
    expect((await get(s.port, '/ping', [ours, 'evil.example'])).status).toBe(403);
    expect((await get(s.port, '/ping', [ours, ours])).status).toBe(403);
    expect((await get(s.port, '/ping', ['evil.example', ours])).status).toBe(403);
  });

  it('an absolute-form request target is refused (403), also with our Host', async () => {
    const s = await startTestServices();
    for (const target of ['http://evil.example/ping', `http://127.0.0.1:${s.port}/ping`, 'http://evil.example/api/setup']) {
      const r = await get(s.port, target);
      expect(r.status, target).toBe(403);
    }
    const post = await rawRequest(s.port, `POST http://evil.example/api/setup HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX-Lab-Client: 1\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
    expect(post.status).toBe(403);
    expect(await s.data.auth.setupNeeded()).toBe(true);
  });
});
