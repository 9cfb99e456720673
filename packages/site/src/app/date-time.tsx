import { useStore } from '@nanostores/react';
import { $language, formatDateTime } from '@lobby/sdk';

/**
 * A moment on a page: date and time to the minute in the member's language (the sdk's
 * formatDateTime), with its ISO text for machines.
 *
 * @example <DateTime at={message.createdAt} />
 */
export function DateTime({ at, className }: { at: number | string; className?: string }) {
  const language = useStore($language);
  return (
    <time className={className} dateTime={new Date(at).toISOString()}>
      {formatDateTime(at, language)}
    </time>
  );
}
