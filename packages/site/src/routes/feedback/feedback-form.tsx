import { useId, useRef, useState, type FormEvent } from 'react';
import { FEEDBACK_CATEGORIES, FEEDBACK_CONTENT_MAX, FEEDBACK_IMAGE_TYPES, FEEDBACK_IMAGES_MAX, FEEDBACK_TYPES, webFeedback } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { contentLength, contentProblem, fileProblem, uploadImage } from './feedback-logic.js';
import { feedbackTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

/** One chosen image: uploading (percent), uploaded (url) or failed (error). */
interface ChosenImage {
  key: number;
  name: string;
  percent: number;
  url: string;
  error: string;
}

let nextKey = 1;

/**
 * The feedback form: type, category, content (5 to 500 characters, counted as the server
 * counts), up to 3 images each uploaded at once with its progress bar; a failed upload
 * (status not 200, or refused) shows its error and is left out of the feedback.
 */
export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const { client } = useLobby();
  const t = usePageTexts(feedbackTexts);
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<(typeof FEEDBACK_TYPES)[number]>(1);
  const [category, setCategory] = useState<(typeof FEEDBACK_CATEGORIES)[number]>(1);
  const [content, setContent] = useState('');
  const [images, setImages] = useState<ChosenImage[]>([]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const update = (key: number, patch: Partial<ChosenImage>) => setImages((shown) => shown.map((image) => (image.key === key ? { ...image, ...patch } : image)));

  function choose(files: FileList | null) {
    const chosen = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    const room = FEEDBACK_IMAGES_MAX - images.filter((image) => !image.error).length;
    if (chosen.length > room) setProblem(t('imagesFull', { max: FEEDBACK_IMAGES_MAX }));
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const key = nextKey++;
      const early = fileProblem(file);
      setImages((shown) => [...shown, { key, name: file.name, percent: 0, url: '', error: early ? t(early) : '' }]);
      if (early) continue;
      void uploadImage(client, file, {
        onProgress: (percent) => update(key, { percent }),
        onSuccess: (url) => update(key, { url, percent: 100 }),
        onFail: (message) => update(key, { error: message }),
      });
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const wrong = contentProblem(content);
    if (wrong) return setProblem(t(wrong));
    if (images.some((image) => !image.url && !image.error)) return setProblem(t('waitUploads'));
    setProblem('');
    setBusy(true);
    try {
      const picUrls = images.filter((image) => image.url).map((image) => image.url);
      await client.call(webFeedback, { type, category, content: content.trim(), ...(picUrls.length > 0 ? { picUrls } : {}) });
      setContent('');
      setImages([]);
      toasts.show(t('sent'));
      onSent();
    } catch (failure) {
      setProblem(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="feedback-form" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)} noValidate>
      <h2 id={`${id}-title`}>{t('formTitle')}</h2>
      <div className="feedback-fields">
        <label>
          {t('type')}
          <select value={type} onChange={(event) => setType(Number(event.target.value) as typeof type)}>
            {FEEDBACK_TYPES.map((value) => (
              <option key={value} value={value}>
                {t(`type${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('category')}
          <select value={category} onChange={(event) => setCategory(Number(event.target.value) as typeof category)}>
            {FEEDBACK_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`category${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="feedback-content-field">
        {t('content')}
        <textarea value={content} rows={5} aria-describedby={`${id}-counter`} placeholder={t('contentHint')} onChange={(event) => setContent(event.target.value)} />
      </label>
      <p id={`${id}-counter`} className={contentLength(content) > FEEDBACK_CONTENT_MAX ? 'hint error' : 'hint'}>
        {t('counter', { count: contentLength(content), max: FEEDBACK_CONTENT_MAX })}
      </p>
      <label className="feedback-file-field">
        {t('images', { max: FEEDBACK_IMAGES_MAX })}
        <input ref={fileInput} type="file" accept={FEEDBACK_IMAGE_TYPES.join(',')} multiple onChange={(event) => choose(event.target.files)} />
      </label>
      <ChosenImages images={images} onRemove={(key) => setImages((shown) => shown.filter((image) => image.key !== key))} />
      <ErrorLine error={problem} standing />
      <button className="button" type="submit" disabled={busy}>
        {t('submit')}
      </button>
    </form>
  );
}

function ChosenImages({ images, onRemove }: { images: readonly ChosenImage[]; onRemove: (key: number) => void }) {
  const t = usePageTexts(feedbackTexts);
  if (images.length === 0) return null;
  return (
    <ul className="feedback-uploads">
      {images.map((image) => (
        <li key={image.key} className="feedback-upload" data-state={image.error ? 'failed' : image.url ? 'uploaded' : 'uploading'}>
          {image.url ? <img className="feedback-thumb" src={image.url} alt={image.name} /> : null}
          <span className="feedback-upload-name">{image.name}</span>
          {image.error ? (
            <span role="alert" className="error">
              {t('uploadFailed', { name: image.name, message: image.error })}
            </span>
          ) : (
            <progress max={100} value={image.percent} aria-label={t(image.url ? 'uploaded' : 'uploading', { name: image.name })}>
              {image.percent}%
            </progress>
          )}
          <button className="link-button" type="button" aria-label={t('removeImage', { name: image.name })} onClick={() => onRemove(image.key)}>
            {t('remove')}
          </button>
        </li>
      ))}
    </ul>
  );
}
