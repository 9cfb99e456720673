import { describe, expect, it, vi } from 'vitest';
import { ApiError, CODE, type ApiClient } from '@lobby/sdk';
import { contentLength, contentProblem, fileProblem, percentOf, uploadImage } from './feedback-logic.js';

function fakeClient(answer: () => Promise<unknown>, progress: [number, number][] = []): ApiClient {
  return {
    deviceId: 'test',
    call: vi.fn(async (_call: unknown, _request: unknown, options?: { onUploadProgress?: (loaded: number, total: number) => void }) => {
      for (const [loaded, total] of progress) options?.onUploadProgress?.(loaded, total);
      return answer();
    }) as unknown as ApiClient['call'],
  };
}

describe('feedback logic', () => {
  it('counts characters after trimming, as code points, and names a content problem', () => {
    expect(contentLength('  😀😀  ')).toBe(2);
    expect(contentProblem('abcd')).toBe('contentTooShort');
    expect(contentProblem('    abcd     ')).toBe('contentTooShort');
    expect(contentProblem('abcde')).toBeNull();
    expect(contentProblem('😀'.repeat(500))).toBeNull();
    expect(contentProblem('x'.repeat(501))).toBe('contentTooLong');
  });

  it('accepts PNG, JPEG, WebP and GIF files up to 2 MB before uploading', () => {
    expect(fileProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(fileProblem({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBeNull();
    expect(fileProblem({ type: 'image/svg+xml', size: 10 })).toBe('imageType');
    expect(fileProblem({ type: '', size: 10 })).toBe('imageType');
    expect(fileProblem({ type: 'image/gif', size: 2 * 1024 * 1024 + 1 })).toBe('imageTooLarge');
  });

  it('turns upload progress into whole percents', () => {
    expect([percentOf(0, 100), percentOf(33, 100), percentOf(2, 3), percentOf(5, 0), percentOf(150, 100)]).toEqual([0, 33, 66, 0, 100]);
  });

  it('reports progress then success with the image URL', async () => {
    const seen: unknown[] = [];
    await uploadImage(fakeClient(async () => ({ url: '/member/v1/feedback/image/x', mediaType: 'image/png', size: 3 }), [[1, 4], [4, 4]]), new Blob(['png']), {
      onProgress: (percent) => seen.push(percent),
      onSuccess: (url) => seen.push(url),
      onFail: (message) => seen.push(`fail ${message}`),
    });
    expect(seen).toEqual([25, 100, 100, '/member/v1/feedback/image/x']);
  });

  it('calls the fail callback, not success, when the status is not 200 or the upload is refused', async () => {
    for (const failure of [
      new ApiError({ code: CODE.bodyTooLarge, status: 400, message: 'too large' }),
      new ApiError({ code: CODE.internalError, status: 502, message: 'busy' }),
      new ApiError({ code: CODE.feedbackImageType, status: 200, message: 'only images' }),
    ]) {
      const onSuccess = vi.fn();
      const onFail = vi.fn();
      await uploadImage(fakeClient(() => Promise.reject(failure)), new Blob(['x']), { onProgress: () => undefined, onSuccess, onFail });
      expect(onSuccess).not.toHaveBeenCalled();
      expect(onFail).toHaveBeenCalledWith(failure.message, failure.status);
    }
  });
});
