/**
 * How each element takes part in segmentation. Anything not listed here is a block:
 * it ends the sentence before it and starts a new one inside it.
 */

/** Phrasing elements whose tags travel inside a sentence as `open`/`close` tokens. */
export const INLINE = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'button', 'cite', 'data', 'del', 'dfn',
  'em', 'font', 'i', 'ins', 'label', 'mark', 'nobr', 'q', 's', 'small',
  'span', 'strike', 'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var',
])

/** Void elements that stay inside a sentence as one `void` token. */
export const VOID_INLINE = new Set(['br', 'wbr', 'img', 'input', 'embed'])

/**
 * Elements whose content is never translated. Inside a sentence they become one `void`
 * token holding their whole source; elsewhere they are left alone. `kbd` and `samp` hold a
 * key's name and a program's output, written as the keyboard and the program write them:
 * Mastodon's "<kbd>Shift</kbd> + <kbd>Click</kbd>" came back "<kbd>Turno</kbd> + <kbd>Clic</kbd>".
 */
export const OPAQUE_INLINE = new Set([
  'code', 'kbd', 'samp', 'script', 'style', 'textarea', 'svg', 'math', 'noscript', 'iframe', 'object',
])

/** Elements whose content is never translated and that also end a sentence. */
export const OPAQUE_BLOCK = new Set(['pre', 'listing', 'xmp', 'plaintext', 'template', 'noembed', 'noframes'])

/** HTML void elements (no end tag, no content). */
export const VOID = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
])

/** Elements whose text child is RCDATA: `<` in it is text, never markup. */
export const RCDATA = new Set(['title', 'textarea'])

/** Attributes translated when `attributes: true`. */
export const TRANSLATABLE_ATTRIBUTES = new Set(['alt', 'title', 'placeholder', 'aria-label'])

/**
 * `<meta name|property=…>` whose `content` is text people read: a search result's snippet and a
 * shared link's preview card (Open Graph, Twitter). Not `keywords` (a list of search terms) or
 * `og:site_name` (a name).
 */
export const TRANSLATABLE_META = new Set(['description', 'og:title', 'og:description', 'og:image:alt', 'twitter:title', 'twitter:description', 'twitter:image:alt'])

/** `<input type=…>` whose `value` is a visible label. */
export const BUTTON_INPUT_TYPES = new Set(['button', 'submit', 'reset'])
