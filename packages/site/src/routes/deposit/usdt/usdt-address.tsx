import { useMemo, useState } from 'react';
import { qrPath } from '@lobby/sdk';
import type { PageTextLookup } from '../../../i18n/page-texts.js';
import type { UsdtTextKey } from './texts.js';

type T = PageTextLookup<UsdtTextKey>;

/** Pixels of the address QR code. */
export const USDT_QR_SIZE = 168;

/**
 * The deposit address as a QR code: one SVG path from the sdk's encoder, drawn with SVG
 * attributes only (strict CSP: no inline style).
 */
export function AddressQr({ text, label }: { text: string; label: string }) {
  const { path, modules } = useMemo(() => qrPath(text), [text]);
  return (
    <svg className="deposit-usdt-qr" role="img" aria-label={label} width={USDT_QR_SIZE} height={USDT_QR_SIZE} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" data-modules={modules}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The address as text (selectable), a copy button and its QR code. */
export function UsdtAddressBlock({ address, protocol, t }: { address: string; protocol: string; t: T }) {
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copyAddress = () => {
    const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clipboard) return setCopy('failed');
    clipboard.writeText(address).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };
  return (
    <section className="deposit-usdt-address" aria-label={t('address', { protocol })}>
      <h3>{t('address', { protocol })}</h3>
      <p>
        <code data-usdt-address="">{address}</code>{' '}
        <button type="button" className="button secondary" onClick={copyAddress}>
          {t('copy')}
        </button>
      </p>
      <p role="status" className="deposit-usdt-copy">
        {copy === 'copied' ? t('copied') : copy === 'failed' ? t('copyFailed') : ''}
      </p>
      <AddressQr text={address} label={t('addressQr', { protocol })} />
    </section>
  );
}
