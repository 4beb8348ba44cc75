/**
 * XML read with fast-xml-parser, guarded for untrusted files: a document type declaration is refused outright (no
 * song format uses one, so no entity of the file's own is ever expanded and nothing outside the file is fetched),
 * elements nest at most INTERCHANGE_LIMITS.xmlDepthMax deep, and a file that is not well formed is reported with the
 * parser's line. The parser works in one pass over the text; the tree it gives is turned into plain elements here
 * (mixed content kept in order: OpenLyrics lines are text with <chord/> and <br/> between the words).
 */
import { INTERCHANGE_LIMITS } from "@choir/contract";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { ImportFileError } from "./problems.js";

export interface XmlElement {
  /** Local name, without a namespace prefix. */
  name: string;
  /** Attributes by local name (`xml:lang` is `lang`). */
  attributes: Record<string, string>;
  children: XmlChild[];
}
export type XmlChild = XmlElement | string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  removeNSPrefix: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Character references (&#233;) and the five XML entities; DOCTYPEs are refused before parsing.
  htmlEntities: true,
  processEntities: { enabled: true, maxEntityCount: 0, maxTotalExpansions: 1 },
  maxNestedTags: INTERCHANGE_LIMITS.xmlDepthMax,
});

const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;

/** True when the text starts like an XML document (after white space and a byte-order mark). */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*<(\?xml|[A-Za-z])/.test(text.slice(0, 500));
}

type Ordered = Record<string, unknown>;

function convert(nodes: unknown[]): XmlChild[] {
  const children: XmlChild[] = [];
  for (const node of nodes as Ordered[]) {
    for (const key of Object.keys(node)) {
      if (key === ":@") continue;
      if (key === "#text") {
        const text = String(node[key] ?? "");
        if (text !== "") children.push(text);
        continue;
      }
      const attributes: Record<string, string> = {};
      const raw = (node[":@"] ?? {}) as Record<string, unknown>;
      for (const [name, value] of Object.entries(raw)) attributes[name] = String(value);
      children.push({ name: key, attributes, children: convert((node[key] ?? []) as unknown[]) });
    }
  }
  return children;
}

/** The document's root element; throws ImportFileError for a file that is not well-formed, safe XML. */
export function parseXml(text: string): XmlElement {
  const doctype = DOCTYPE.exec(text);
  if (doctype) throw new ImportFileError("xml_doctype", {}, lineAt(text, doctype.index));
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new ImportFileError("xml_malformed", { detail: valid.err.msg }, valid.err.line);
  }
  let tree: unknown[];
  try {
    tree = parser.parse(text) as unknown[];
  } catch (error) {
    if (error instanceof Error && /nested/i.test(error.message)) throw new ImportFileError("xml_too_deep");
    throw new ImportFileError("xml_malformed", { detail: error instanceof Error ? error.message : "" });
  }
  const root = convert(tree).find((child): child is XmlElement => typeof child !== "string");
  if (!root) throw new ImportFileError("xml_malformed", { detail: "no root element" });
  return root;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

// ── Reading helpers ────────────────────────────────────────────────────────────────────────────────────────────

export function elements(parent: XmlElement | undefined, name?: string): XmlElement[] {
  if (!parent) return [];
  return parent.children.filter(
    (child): child is XmlElement => typeof child !== "string" && (name === undefined || child.name === name),
  );
}

export function element(parent: XmlElement | undefined, name: string): XmlElement | undefined {
  return elements(parent, name)[0];
}

/** All the text inside an element, in order, its white space runs made single spaces and trimmed. */
export function textOf(node: XmlElement | undefined): string {
  if (!node) return "";
  const parts: string[] = [];
  const walk = (children: XmlChild[]) => {
    for (const child of children) {
      if (typeof child === "string") parts.push(child);
      else walk(child.children);
    }
  };
  walk(node.children);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The text of an element exactly as written (white space and line breaks kept): OpenSong's lyrics. */
export function rawTextOf(node: XmlElement | undefined): string {
  if (!node) return "";
  return node.children.map((child) => (typeof child === "string" ? child : rawTextOf(child))).join("");
}

// ── Writing ────────────────────────────────────────────────────────────────────────────────────────────────────

/** Text escaped for an XML element or a double-quoted attribute; characters XML 1.0 cannot hold are dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}
