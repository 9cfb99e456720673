import { useState } from 'preact/hooks';

/** The fallback box's styles: a widget that shows pictures adds them to its own. */
export const PICTURE_STYLES = `
.picture-fallback{display:flex;align-items:center;justify-content:center;width:100%;height:100%;padding:8px;border-radius:12px;background:#f0f2f5;color:#5c6570;font-size:13px;text-align:center;overflow:hidden}
`;

/**
 * An image that, when it cannot load (blocked by the page's img-src, a network error, a
 * broken file), shows a neutral box with its text instead of a broken image. `alt` is
 * the image's text alternative ('' when decorative); `label` is the text the box shows
 * (the alt text unless given).
 *
 * @example <Picture src={item.webSuspensionIcon} alt="" label="Promotion 1" />
 */
export function Picture({ src, alt, label = alt }: { src: string; alt: string; label?: string }) {
  const [failed, setFailed] = useState('');
  if (!src || failed === src) {
    return (
      <span class="picture-fallback" role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : 'true'}>
        {label}
      </span>
    );
  }
  return <img src={src} alt={alt} draggable={false} onError={() => setFailed(src)} />;
}
