import {
  ApiError,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_BYTES_MAX,
  FEEDBACK_IMAGE_TYPES,
  feedbackUpload,
  t as sdkText,
  type ApiClient,
} from '@lobby/sdk';

/** Characters as the member sees them (code points), after trimming, as the server counts. */
export function contentLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * What is wrong with the feedback text, or null: 5 to 500 characters after trimming.
 *
 * @example contentProblem('hi') // 'contentTooShort'
 */
export function contentProblem(text: string): 'contentTooShort' | 'contentTooLong' | null {
  const length = contentLength(text);
  if (length < FEEDBACK_CONTENT_MIN) return 'contentTooShort';
  if (length > FEEDBACK_CONTENT_MAX) return 'contentTooLong';
  return null;
}

/**
 * A quick check of a chosen file before uploading it (the server judges the bytes):
 * PNG, JPEG, WebP or GIF by its declared type, at most 2 MB.
 */
export function fileProblem(file: { type: string; size: number }): 'imageType' | 'imageTooLarge' | null {
  if (!(FEEDBACK_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'imageType';
  if (file.size > FEEDBACK_IMAGE_BYTES_MAX) return 'imageTooLarge';
  return null;
}

/** Whole percent of an upload, 0 to 100. */
export function percentOf(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}

export interface UploadCallbacks {
  onProgress(percent: number): void;
  /** Status 200 with code 0: the image's URL. */
  onSuccess(url: string): void;
  /** Spec section 8: called when the status is not 200 (and for a refusal inside a 200), with the text to show. */
  onFail(message: string, status: number): void;
}

/**
 * Uploads one image with progress (XMLHttpRequest in the browser, through the sdk client)
 * and reports the outcome to exactly one of the callbacks.
 *
 * @example await uploadImage(client, file, { onProgress: setPercent, onSuccess: addUrl, onFail: showError })
 */
export async function uploadImage(client: ApiClient, file: Blob, callbacks: UploadCallbacks): Promise<void> {
  let answer: { url: string };
  try {
    answer = await client.call(feedbackUpload, { file }, { onUploadProgress: (loaded, total) => callbacks.onProgress(percentOf(loaded, total)) });
  } catch (failure) {
    const status = failure instanceof ApiError ? failure.status : 0;
    callbacks.onFail(failure instanceof ApiError ? failure.message : sdkText('requestFailed'), status);
    return;
  }
  callbacks.onProgress(100);
  callbacks.onSuccess(answer.url);
}
