import type { ComponentProps, ReactNode } from 'react';

/**
 * One term and its value in a description list (`<dl>`); `valueProps` (data attributes too) go on the `<dd>`.
 *
 * @example <dl><Fact term={t('billNo')}>{order.billNo}</Fact></dl>
 */
export function Fact({ term, children, valueProps }: { term: ReactNode; children: ReactNode; valueProps?: ComponentProps<'dd'> & { [data: `data-${string}`]: string | number | undefined } }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd {...valueProps}>{children}</dd>
    </div>
  );
}
