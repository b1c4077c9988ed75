// A tiny element builder. Text always goes in as text nodes, never as HTML: names, paths and messages
// from the API cannot inject markup.

export type Child = Node | string | number | null | undefined | false | Child[];
type Handler = (ev: Event) => void;
export type Props = Record<string, string | number | boolean | null | undefined | Handler>;

function isProps(v: unknown): v is Props {
  return typeof v === 'object' && v !== null && !(v instanceof Node) && !Array.isArray(v);
}

export function append(parent: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, ...c);
    else parent.appendChild(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | Child, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  if (isProps(props)) {
    for (const [k, v] of Object.entries(props)) {
      if (v === null || v === undefined || v === false) continue;
      if (typeof v === 'function') el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
      else if (k === 'class') el.className = String(v);
      // Through the CSSOM: the CSP has no 'unsafe-inline', which blocks style attributes set as markup.
      else if (k === 'style') el.style.cssText = String(v);
      // Attribute and property: the attribute is the default a form reset goes back to.
      else if (k === 'value') {
        if (el instanceof HTMLInputElement) el.setAttribute('value', String(v));
        (el as unknown as HTMLInputElement).value = String(v);
      } else if (k === 'checked') {
        el.setAttribute('checked', '');
        (el as unknown as HTMLInputElement).checked = true;
      } else el.setAttribute(k, v === true ? '' : String(v));
    }
  } else {
    append(el, props as Child);
  }
  append(el, ...children);
  return el;
}

export function replace(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

let uid = 0;
/** Unique ids for label/for and aria-describedby pairs. */
export const nextId = (prefix = 'f') => `${prefix}-${++uid}`;
