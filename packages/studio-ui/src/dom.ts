/** Builds elements with text content only (never HTML), so anything shown is shown as text. */
type Attributes = Record<string, string | number | boolean | undefined>;

/**
 * An element with attributes (false or undefined leaves one out) and children.
 *
 * @example el('button', { type: 'button', 'data-testid': 'spin' }, 'Spin')
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/** Replaces an element's children. */
export function fill(element: Element, ...children: (Node | string)[]): void {
  element.replaceChildren(...children);
}
