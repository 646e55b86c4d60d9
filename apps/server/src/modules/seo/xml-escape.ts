// Characters XML 1.0 cannot carry at all, even escaped: C0 controls other than tab, LF and CR, lone UTF-16
// surrogates, and U+FFFE/U+FFFF. Post text may hold some (only NUL is refused on the way in), so they are dropped.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's purpose
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\'': '&apos;' };

/** Text safe inside an XML element or a quoted attribute value. */
export function escapeXml(text: string): string {
  return text.replace(LONE_SURROGATE, '').replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}
