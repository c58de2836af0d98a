// Finds words a person would read that are written inline in the web app's code instead of
// through the message catalogs (docs/decisions/395-messages-in-lingui-catalogs.md). Read by
// scripts/check-inline-words.ts (`npm run lint:words`, a step of `npm test`).
//
// What counts as a person's words: text between JSX tags outside <Trans>, a JSX attribute's
// string that reads like words (a space, or a capital letter, not a class list), and any other
// string literal that reads like a sentence (a capital letter or a closing mark and a space).
// Developer-facing strings (thrown Errors, console output, storage keys, class names) are not
// words. A line that must stay as it is says why in a `// words-ok: …` comment on it or above it.
import ts from "typescript";

export type InlineWords = { path: string; line: number; text: string };

/** JSX attributes whose strings are never shown to a person. */
const CODE_ATTRIBUTES = new Set([
  "className",
  "id",
  "key",
  "type",
  "name",
  "href",
  "to",
  "role",
  "htmlFor",
  "autoComplete",
  "inputMode",
  "enterKeyHint",
  "method",
  "rel",
  "target",
  "variant",
  "size",
  "tone",
  "side",
  "align",
  "src",
  "viewBox",
  "fill",
  "stroke",
  "d",
  "xmlns",
  "strokeWidth",
  "strokeLinecap",
  "strokeLinejoin",
  "as",
  "lang",
  "dir",
  "pattern",
  "form",
  "scope",
  "loading",
  "decoding",
  "spellCheck",
  "autoCapitalize",
  "accept",
  "min",
  "max",
  "step",
  "value",
  "defaultValue",
  "dateTime",
]);
const CODE_ATTRIBUTE_PREFIXES = ["data-", "aria-labelledby", "aria-describedby", "aria-controls", "aria-owns"];

/** Calls whose string arguments are for developers. */
const CODE_CALLS = new Set([
  "Error",
  "TypeError",
  "RangeError",
  "console.log",
  "console.warn",
  "console.error",
  "console.info",
  "console.debug",
  "cn",
  "querySelector",
  "querySelectorAll",
  "getItem",
  "setItem",
  "removeItem",
  "addEventListener",
  "removeEventListener",
  "matchMedia",
  "postMessage",
  "import",
  "require",
]);

/** Lingui's macros: their strings (a message and its context) are what the catalogs hold. */
const MESSAGE_CALLS = new Set(["t", "msg", "defineMessage", "plural", "select", "selectOrdinal"]);

const LETTER = /\p{L}/u;
/** A string that reads like words to a person, not like code. */
function readsLikeWords(text: string): boolean {
  const trimmed = text.trim();
  if (!LETTER.test(trimmed)) return false;
  // Addresses, paths, MIME types, CSS, selectors and identifiers are code.
  if (/^(\/|\.\/|\.\.\/|https?:|mailto:|#|\[|\(|[a-z]+\/[a-z])/i.test(trimmed)) return false;
  if (/^[a-z0-9_$.:-]+$/.test(trimmed)) return false;
  // HTTP methods and constants ("POST"), header names ("Content-Type"), type names ("ApiError").
  if (/^[A-Z0-9_]+$/.test(trimmed) || /^[A-Z][a-z]+(-[A-Z][a-z]+)+$/.test(trimmed)) return false;
  if (/^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)+$/.test(trimmed)) return false;
  // A list of class names (Tailwind's included).
  if (/^[a-z0-9:[\]()/.#%_!-]+( [a-z0-9:[\]()/.#%_!-]+)+$/.test(trimmed) && !/^[a-z]+ [a-z]+$/.test(trimmed)) {
    return false;
  }
  return /\s/.test(trimmed) || /^\p{Lu}/u.test(trimmed) || /[.!?…:]$/.test(trimmed) || /[^\p{ASCII}]/u.test(trimmed);
}

function calleeName(expression: ts.Expression): string {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) {
    const object = calleeName(expression.expression);
    return CODE_CALLS.has(expression.name.text) ? expression.name.text : `${object}.${expression.name.text}`;
  }
  return "";
}

/** Inside a message: a <Trans>-like element or a macro call. */
function insideTrans(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isJsxElement(at) || ts.isJsxSelfClosingElement(at)) {
      const tag = (ts.isJsxElement(at) ? at.openingElement : at).tagName.getText();
      if (tag === "Trans" || tag === "Plural" || tag === "Select" || tag === "SelectOrdinal") return true;
    }
  }
  return false;
}

/** Inside a code-only place: a developer call, a type, an import, a lookup key, a comparison. */
function codeOnly(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) || ts.isNewExpression(at)) {
      const name = calleeName(at.expression);
      if (CODE_CALLS.has(name) || CODE_CALLS.has(name.split(".").at(-1) ?? "")) return true;
      if (MESSAGE_CALLS.has(name)) return true;
    }
    if (ts.isTypeNode(at) || ts.isImportDeclaration(at) || ts.isExportDeclaration(at)) return true;
    if (ts.isJsxAttribute(at)) {
      const name = at.name.getText();
      return CODE_ATTRIBUTES.has(name) || CODE_ATTRIBUTE_PREFIXES.some((prefix) => name.startsWith(prefix));
    }
    if (ts.isElementAccessExpression(at) && at.argumentExpression === node) return true;
    if (ts.isBinaryExpression(at) && /^(===|!==|==|!=|in)$/.test(at.operatorToken.getText())) return true;
    if (ts.isCaseClause(at) && at.expression === node) return true;
    if (ts.isTaggedTemplateExpression(at)) return true;
    if (ts.isPropertyAssignment(at) && at.name === node) return true;
    // One expression up is as far as a literal's role is read.
    if (ts.isStatement(at) || ts.isJsxElement(at)) return false;
  }
  return false;
}

function excused(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split("\n");
  return [lines[line], lines[line - 1]].some((text) => text?.includes("words-ok:"));
}

/** The person's words written inline in one module of the web app. */
export function inlineWords(path: string, text: string): InlineWords[] {
  const source = ts.createSourceFile(
    path,
    text,
    ts.ScriptTarget.Latest,
    true,
    path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: InlineWords[] = [];
  const report = (node: ts.Node, words: string) => {
    if (excused(source, node)) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push({ path, line: line + 1, text: words.trim().replace(/\s+/g, " ").slice(0, 80) });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text) && !insideTrans(node)) report(node, node.text);
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const inAttribute = ts.isJsxAttribute(node.parent);
      const words = inAttribute ? LETTER.test(node.text) && readsLikeWords(node.text) : readsLikeWords(node.text);
      if (words && !codeOnly(node) && !insideTrans(node)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      const literal = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ");
      if (readsLikeWords(literal) && /\p{L}{2,} \p{L}/u.test(literal) && !codeOnly(node) && !insideTrans(node))
        report(node, literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
