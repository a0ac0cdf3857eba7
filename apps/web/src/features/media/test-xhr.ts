import { vi } from 'vitest';

/** One upload the code under test started through XMLHttpRequest. */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The multipart body's 'files' entries. */
  files: File[];
  /** Reports upload progress (loaded of total bytes). */
  progress: (loaded: number, total: number) => void;
  /** Answers the request. */
  respond: (status: number, body: unknown) => void;
  /** Fails the request as a network error would. */
  fail: () => void;
}

/**
 * Replaces XMLHttpRequest (the network boundary of uploads, which need
 * upload progress) with a fake the test drives by hand.
 */
export function mockXhr() {
  const uploads: FakeUpload[] = [];

  class FakeXMLHttpRequest {
    status = 0;
    statusText = '';
    responseText = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: FormData) {
      uploads.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        files: body.getAll('files') as File[],
        progress: (loaded, total) =>
          this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent),
        respond: (status, answer) => {
          this.status = status;
          this.statusText = status === 201 ? 'Created' : status === 413 ? 'Payload Too Large' : '';
          this.responseText = JSON.stringify(answer);
          this.onload?.();
        },
        fail: () => this.onerror?.(),
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return { uploads };
}
