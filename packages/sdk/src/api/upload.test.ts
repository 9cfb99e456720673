import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient } from '@lobby/sdk';
import { uploadCall } from '../testing/test-calls.js';
import { startTestServer, type TestServer } from '../testing/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.unstubAllGlobals();
  server.requests.length = 0;
});

const file = () => new File(['hello upload'], 'note.txt', { type: 'text/plain' });

describe('upload in Node (fetch)', () => {
  it('sends several files under one name and signs the other fields in the query', async () => {
    const client = createClient({ baseUrl: server.baseUrl });
    const second = new File(['second'], 'b.png', { type: 'image/png' });
    await client.call(uploadCall, { file: [file(), second], note: 'a b' });
    const request = server.requests.at(-1)!;
    expect(request.url).toBe('/t/upload?note=a+b');
    expect(request.body.toString().match(/name="file"/g)).toHaveLength(2);
    expect(request.signOk).toBe(true);
  });

  it('posts multipart with an unsigned body and reports progress once, at completion', async () => {
    const progress: [number, number][] = [];
    const client = createClient({ baseUrl: server.baseUrl });
    await expect(client.call(uploadCall, { file: file(), note: 'n1' }, { onUploadProgress: (loaded, total) => progress.push([loaded, total]) })).resolves.toEqual({
      path: '/t/upload',
    });
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/t/upload?note=n1');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body.toString()).toContain('filename="note.txt"');
    expect(request.body.toString()).toContain('hello upload');
    expect(request.body.toString()).not.toContain('name="note"');
    expect(request.signOk).toBe(true);
    expect(progress).toEqual([[request.body.length, request.body.length]]);
  });
});

/** A browser-like XMLHttpRequest that sends through fetch and reports two progress events. */
class FakeXhr {
  static instances = 0;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = '';
  private url = '';
  private headers: Record<string, string> = {};
  constructor() {
    FakeXhr.instances += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    void (async () => {
      const bytes = new Uint8Array(await new Response(body).arrayBuffer());
      this.upload.onprogress?.({ lengthComputable: true, loaded: Math.floor(bytes.length / 2), total: bytes.length });
      this.upload.onprogress?.({ lengthComputable: true, loaded: bytes.length, total: bytes.length });
      try {
        const response = await fetch(this.url, { method: this.method, headers: this.headers, body });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      } catch {
        this.onerror?.();
      }
    })();
  }
}

describe('upload in a browser (XMLHttpRequest)', () => {
  it('uses XMLHttpRequest and passes its progress events through', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const client = createClient({ baseUrl: server.baseUrl });
    await client.call(uploadCall, { file: file(), note: 'n2' }, { onUploadProgress: (loaded, total) => progress.push(loaded / total) });
    expect(FakeXhr.instances).toBe(1);
    expect(progress).toHaveLength(2);
    expect(progress[1]).toBe(1);
    expect(server.requests.at(-1)!.signOk).toBe(true);
    expect(server.requests.at(-1)!.url).toBe('/t/upload?note=n2');
    expect(server.requests.at(-1)!.body.toString()).toContain('name="file"; filename="note.txt"');
  });

  it('turns an upload refusal into ApiError', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.answer('/t/upload', { status: 400, body: { code: 400004, msg: 'too large', data: null } });
    const client = createClient({ baseUrl: server.baseUrl });
    await expect(client.call(uploadCall, { file: file(), note: 'n3' })).rejects.toMatchObject({ name: 'ApiError', code: 400004, status: 400 });
  });
});
