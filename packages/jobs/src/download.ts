import type { FileType } from './types.js'

const UNSAFE = /[\u0000-\u001f\u007f-\u009f"'`\\/:*?<>|;\u2028\u2029]/g

/** `<stem>_<code>.<ext>` from the uploaded name: no path parts, quotes, control characters or line breaks. */
export function downloadName(originalFilename: string, languageCode: string): string {
  const base = originalFilename.split(/[\\/]/).pop() ?? ''
  const dot = base.lastIndexOf('.')
  let stem = (dot > 0 ? base.slice(0, dot) : base).replace(UNSAFE, '_').trim()
  let extension = (dot > 0 ? base.slice(dot + 1) : '').replace(UNSAFE, '').toLowerCase()
  if (extension === 'pot') extension = 'po'
  stem = stem.replace(/^\.+/, '') || 'file'
  const code = languageCode.replace(/[^A-Za-z0-9-]/g, '_')
  return extension ? `${stem}_${code}.${extension}` : `${stem}_${code}`
}

/** Content type of a translated file, with the charset its bytes are in (the upload's encoding). */
export function contentTypeFor(fileType: FileType, encoding: string): string {
  const charset = encoding || 'utf-8'
  switch (fileType) {
    case 'json':
      return `application/json; charset=${charset}`
    case 'yaml':
      return `application/yaml; charset=${charset}`
    case 'po':
      return `text/x-gettext-translation; charset=${charset}`
    case 'xml':
      return 'application/xml'
    default:
      return `text/plain; charset=${charset}`
  }
}
