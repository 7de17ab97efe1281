/** An element of a parsed XML document. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, entities decoded. */
  text: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, at: number): string {
  if (text.includes('<')) throw new Error(`XML: a raw < in text near ${at}`);
  return text.replace(/&([^;]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new Error(`XML: an unterminated entity near ${at}`);
    if (name in ENTITIES) return ENTITIES[name] as string;
    const code = /^#x([0-9a-f]+)$/i.exec(name)
      ? Number.parseInt(name.slice(2), 16)
      : /^#\d+$/.test(name)
        ? Number(name.slice(1))
        : Number.NaN;
    if (!Number.isFinite(code)) throw new Error(`XML: an unknown entity &${name}; near ${at}`);
    return String.fromCodePoint(code);
  });
}

/**
 * A strict parser of the XML our feeds write (the declaration, elements, attributes, text and
 * entities; no DTD, CDATA or comments): throws on anything not well formed, as a feed reader would.
 */
export function parseXml(source: string): XmlElement {
  let position = 0;
  const declaration = /^<\?xml version="1\.0" encoding="UTF-8"\?>\s*/.exec(source);
  if (!declaration) throw new Error('XML: no declaration');
  position = declaration[0].length;
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const tagPattern = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)>/y;
  while (position < source.length) {
    const next = source.indexOf('<', position);
    const text = source.slice(position, next === -1 ? source.length : next);
    const current = stack[stack.length - 1] as XmlElement;
    if (text.trim()) {
      if (current === root) throw new Error(`XML: text outside the root near ${position}`);
      current.text += decode(text, position);
    } else if (text && current !== root) {
      current.text += decode(text, position);
    }
    if (next === -1) break;
    tagPattern.lastIndex = next;
    const match = tagPattern.exec(source);
    if (!match) throw new Error(`XML: a malformed tag near ${next}: ${source.slice(next, next + 60)}`);
    const [whole, closing, name, rawAttributes, selfClosing] = match as unknown as [string, string, string, string, string];
    if (closing) {
      if (current.name !== name) throw new Error(`XML: </${name}> closes <${current.name}> near ${next}`);
      stack.pop();
    } else {
      const attributes: Record<string, string> = {};
      for (const attribute of rawAttributes.matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) {
        attributes[attribute[1] as string] = decode(attribute[2] as string, next);
      }
      const element: XmlElement = { name, attributes, children: [], text: '' };
      if (current === root && root.children.length > 0) throw new Error('XML: more than one root element');
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
    position = next + whole.length;
  }
  if (stack.length !== 1) throw new Error(`XML: <${stack[stack.length - 1]?.name}> is never closed`);
  const [document] = root.children;
  if (!document) throw new Error('XML: no root element');
  return document;
}

/** The children of `element` named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((child) => child.name === name);
/** The text of the first child named `name`, or undefined. */
export const childText = (element: XmlElement, name: string) => childrenNamed(element, name)[0]?.text;
