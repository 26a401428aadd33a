import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

/**
 * XML plumbing for the ZATCA module: a strict parser, element lookups by namespace, inclusive
 * canonicalisation (C14N 1.1 without comments, http://www.w3.org/2006/12/xml-c14n11) of a whole
 * document or of an element subtree, and the serialisation ZATCA's SDK hashes the XAdES
 * SignedProperties with (dom4j's `asXML()`; see signedPropertiesText in sign.ts).
 */

export const NS = {
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  sig: 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2',
  sac: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2',
  sbc: 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2',
  ds: 'http://www.w3.org/2000/09/xmldsig#',
  xades: 'http://uri.etsi.org/01903/v1.3.2#',
} as const;

const XMLNS_URI = 'http://www.w3.org/2000/xmlns/';
const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;
const PI = 7;

/** Parses XML 1.0; throws on anything that is not well-formed (xmldom's warnings included). */
export function parseXml(xml: string): Document {
  const parser = new DOMParser({
    // XML 1.0 §2.11 only: CR LF and lone CR become LF (xmldom's default also folds XML 1.1's NEL/LS).
    normalizeLineEndings: (s: string) => s.replace(/\r\n?/g, '\n'),
    onError: (level, msg) => {
      throw new Error(`XML ${level}: ${msg}`);
    },
  });
  const doc = parser.parseFromString(xml, 'text/xml');
  if (!doc.documentElement) throw new Error('XML: no document element');
  return doc;
}

export function isElement(n: Node | null | undefined): n is Element {
  return !!n && n.nodeType === ELEMENT;
}

/** Child elements of `parent`, optionally filtered by namespace and local name. */
export function children(parent: Node, ns?: string, local?: string): Element[] {
  const out: Element[] = [];
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (!isElement(c)) continue;
    if (ns !== undefined && c.namespaceURI !== ns) continue;
    if (local !== undefined && c.localName !== local) continue;
    out.push(c);
  }
  return out;
}

export function child(parent: Node, ns: string, local: string): Element | null {
  return children(parent, ns, local)[0] ?? null;
}

/** Follows a path of [namespace, localName] steps through first matching children. */
export function path(start: Node | null, ...steps: (readonly [string, string])[]): Element | null {
  let cur: Node | null = start;
  for (const [ns, local] of steps) {
    if (!cur) return null;
    cur = child(cur, ns, local);
  }
  return isElement(cur) ? cur : null;
}

/** Every descendant element (document order) with that namespace and local name. */
export function descendants(root: Node, ns: string, local: string): Element[] {
  const out: Element[] = [];
  const walk = (n: Node) => {
    for (let c = n.firstChild; c; c = c.nextSibling) {
      if (!isElement(c)) continue;
      if (c.namespaceURI === ns && c.localName === local) out.push(c);
      walk(c);
    }
  };
  walk(root);
  return out;
}

export function text(el: Element | null | undefined): string | null {
  return el ? (el.textContent ?? '') : null;
}

function escText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function escAttr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;').replace(/\r/g, '&#xD;');
}

function isNsDecl(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/** Namespace declarations made on the element itself, prefix ('' = default) → URI. */
function ownDecls(el: Element): Map<string, string> {
  const m = new Map<string, string>();
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (a.name === 'xmlns') m.set('', a.value);
    else if (a.name.startsWith('xmlns:')) m.set(a.name.slice(6), a.value);
  }
  return m;
}

/** In-scope namespaces of an element, from its ancestors' and its own declarations. */
function inScope(el: Element): Map<string, string> {
  const chain: Element[] = [];
  for (let n: Node | null = el; n && isElement(n); n = n.parentNode) chain.unshift(n);
  const m = new Map<string, string>();
  for (const e of chain) for (const [p, u] of ownDecls(e)) m.set(p, u);
  return m;
}

/** xml:lang and xml:space inherited from ancestors (C14N 1.1 §2.4 keeps these two, not xml:id). */
function inheritedXmlAttrs(el: Element): Map<string, string> {
  const m = new Map<string, string>();
  for (let n: Node | null = el.parentNode; n && isElement(n); n = n.parentNode) {
    for (const name of ['xml:lang', 'xml:space']) {
      if (!m.has(name) && n.hasAttribute(name)) m.set(name, n.getAttribute(name)!);
    }
  }
  return m;
}

type Excluded = (el: Element) => boolean;

function renderElement(el: Element, parentScope: Map<string, string>, rendered: Map<string, string>, excluded: Excluded, extraAttrs: Map<string, string> | null): string {
  const scope = new Map(parentScope);
  for (const [p, u] of ownDecls(el)) scope.set(p, u);
  const nsOut: [string, string][] = [];
  const nextRendered = new Map(rendered);
  for (const [p, u] of scope) {
    if (p === '' && u === '') {
      // xmlns="" only when it undoes a default namespace an output ancestor has rendered.
      if ((rendered.get('') ?? '') !== '') {
        nsOut.push(['', '']);
        nextRendered.set('', '');
      }
      continue;
    }
    if (rendered.get(p) !== u) {
      nsOut.push([p, u]);
      nextRendered.set(p, u);
    }
  }
  nsOut.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  const attrs: { uri: string; local: string; name: string; value: string }[] = [];
  for (let i = 0; i < el.attributes.length; i++) {
    const a = el.attributes.item(i)!;
    if (isNsDecl(a.name) || a.namespaceURI === XMLNS_URI) continue;
    attrs.push({ uri: a.namespaceURI ?? '', local: a.localName ?? a.name, name: a.name, value: a.value });
  }
  if (extraAttrs) {
    for (const [name, value] of extraAttrs) {
      if (!attrs.some((a) => a.name === name)) attrs.push({ uri: 'http://www.w3.org/XML/1998/namespace', local: name.slice(4), name, value });
    }
  }
  attrs.sort((a, b) => (a.uri !== b.uri ? (a.uri < b.uri ? -1 : 1) : a.local < b.local ? -1 : a.local > b.local ? 1 : 0));
  let out = `<${el.nodeName}`;
  for (const [p, u] of nsOut) out += ` ${p ? `xmlns:${p}` : 'xmlns'}="${escAttr(u)}"`;
  for (const a of attrs) out += ` ${a.name}="${escAttr(a.value)}"`;
  out += '>';
  out += renderChildren(el, scope, nextRendered, excluded);
  out += `</${el.nodeName}>`;
  return out;
}

function renderChildren(parent: Node, scope: Map<string, string>, rendered: Map<string, string>, excluded: Excluded): string {
  let out = '';
  for (let c = parent.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) out += escText((c as unknown as { data: string }).data);
    else if (c.nodeType === PI) {
      const pi = c as unknown as { target: string; data: string };
      out += `<?${pi.target}${pi.data ? ` ${pi.data}` : ''}?>`;
    } else if (isElement(c)) {
      if (!excluded(c)) out += renderElement(c, scope, rendered, excluded, null);
    }
    // comments are dropped (…#WithComments is not used by ZATCA)
  }
  return out;
}

/**
 * Inclusive canonical XML 1.1 without comments of a document (the whole document, minus the
 * elements `excluded` returns true for, with their subtrees: the node set ZATCA's XPath transforms
 * leave) or of an element subtree (its in-scope namespaces and inherited xml:lang/xml:space
 * rendered on it, as for a same-document reference). No xml:base fix-up: ZATCA documents have none.
 */
export function c14n11(node: Document | Element, excluded: Excluded = () => false): string {
  if (isElement(node)) {
    const scope = inScope(node);
    const parentScope = new Map(scope);
    return renderElement(node, parentScope, new Map(), excluded, inheritedXmlAttrs(node));
  }
  const doc = node as Document;
  let out = '';
  let seenRoot = false;
  for (let c = doc.firstChild; c; c = c.nextSibling) {
    if (isElement(c)) {
      out += renderElement(c, new Map(), new Map(), excluded, null);
      seenRoot = true;
    } else if (c.nodeType === PI) {
      const pi = c as unknown as { target: string; data: string };
      if (pi.target.toLowerCase() === 'xml') continue; // xmldom keeps the XML declaration as a PI
      const s = `<?${pi.target}${pi.data ? ` ${pi.data}` : ''}?>`;
      out += seenRoot ? `\n${s}` : `${s}\n`;
    }
  }
  return out;
}

/**
 * dom4j's `Element.asXML()` with its default OutputFormat, which ZATCA's Java SDK hashes the
 * xades:SignedProperties with: whitespace kept as it is, a namespace declared on the first element
 * (in the serialised subtree) that uses it and again in each sibling subtree, namespace declarations
 * before attributes, attributes in document order, empty elements as `<x/>`, and only &, < and >
 * escaped in text (&, <, " in attributes).
 */
export function dom4jXml(el: Element): string {
  const stack: Map<string, string>[] = [new Map([['xml', 'http://www.w3.org/XML/1998/namespace']])];
  const declared = (prefix: string, uri: string) => {
    for (let i = stack.length - 1; i >= 0; i--) {
      const u = stack[i]!.get(prefix);
      if (u !== undefined) return u === uri;
    }
    return false;
  };
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const escA = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
  const write = (e: Element): string => {
    const frame = new Map<string, string>();
    stack.push(frame);
    let out = `<${e.nodeName}`;
    const decl = (prefix: string, uri: string) => {
      if (declared(prefix, uri)) return;
      frame.set(prefix, uri);
      out += ` ${prefix ? `xmlns:${prefix}` : 'xmlns'}="${escA(uri)}"`;
    };
    decl(e.prefix ?? '', e.namespaceURI ?? '');
    for (const [p, u] of ownDecls(e)) decl(p, u);
    for (let i = 0; i < e.attributes.length; i++) {
      const a = e.attributes.item(i)!;
      if (isNsDecl(a.name)) continue;
      if (a.prefix && a.namespaceURI) decl(a.prefix, a.namespaceURI);
      out += ` ${a.name}="${escA(a.value)}"`;
    }
    if (!e.firstChild) {
      stack.pop();
      return `${out}/>`;
    }
    out += '>';
    for (let c: Node | null = e.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === TEXT || c.nodeType === CDATA) out += esc((c as unknown as { data: string }).data);
      else if (isElement(c)) out += write(c);
      else if (c.nodeType === 8) out += `<!--${(c as unknown as { data: string }).data}-->`;
    }
    stack.pop();
    return `${out}</${e.nodeName}>`;
  };
  return write(el);
}
