/** The part of `CustomElementRegistry` that `defineElement` uses; a test passes a fake. */
export interface ElementRegistry {
  get(name: string): CustomElementConstructor | undefined;
  define(name: string, constructor: CustomElementConstructor): void;
}

/**
 * Defines a custom element once. A second include of the same widget file, or two
 * versions of it on one page, leaves the first definition in place and never throws.
 * Without a registry (Node, server rendering; or `null`) it does nothing.
 *
 * @example defineElement('lobby-order-ball', OrderBallElement) // true the first time, false after
 * @returns true when this call defined the element.
 */
export function defineElement(
  name: string,
  constructor: CustomElementConstructor,
  registry: ElementRegistry | null | undefined = globalThis.customElements,
): boolean {
  if (!registry || registry.get(name)) return false;
  registry.define(name, constructor);
  return true;
}
