import { acceptsCodeClick, type CodeButtonState } from '@lobby/sdk';

/**
 * The get-code button's request: one at a time. While one is in flight another click sends
 * nothing (a double click, or a click after the 2 s debounce on a slow provider, would send a
 * second SMS), and a click inside the debounce or the 60 s countdown sends nothing either.
 *
 * @example const request = createCodeRequest(); await request.run(button.state, Date.now(), () => client.call(loginSmsSend, { phone })) // 'sent'
 */
export function createCodeRequest() {
  let inFlight = false;
  return {
    inFlight: (): boolean => inFlight,
    /** Sends unless one is in flight ('busy') or the button does not take the click ('ignored'); a failure of `send` is thrown. */
    async run(button: CodeButtonState, nowMs: number, send: () => Promise<unknown>): Promise<'sent' | 'busy' | 'ignored'> {
      if (inFlight) return 'busy';
      if (!acceptsCodeClick(button, nowMs)) return 'ignored';
      inFlight = true;
      try {
        await send();
        return 'sent';
      } finally {
        inFlight = false;
      }
    },
  };
}
